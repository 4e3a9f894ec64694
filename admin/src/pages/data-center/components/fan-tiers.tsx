import { useCallback, useMemo } from 'react'
import { Card, Col, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart } from '../../../components/charts'
import type { FanTiers } from '../../../lib/metrics'
import type { MetricFormat } from '../../../lib/format'
import { StaticTable } from '../../../components/list-table'

/** A tier's name: 'Newbie (under 1K)', '1K–5K' … '1M+'. */
function useTierLabel(format: MetricFormat) {
  const { t } = useTranslation()
  return useCallback(
    (tier: FanTiers['tiers'][number]) =>
      tier.key === 'newbie'
        ? t('data_center.tiers.newbie', { max: format.compact(tier.max ?? 1000) })
        : tier.max === null
          ? `${format.compact(tier.min)}+`
          : `${format.compact(tier.min)}–${format.compact(tier.max)}`,
    [t, format]
  )
}

/**
 * How many accounts of a platform (or creators, all platforms summed) sit in
 * each fan tier of SPEC §9 on the newest day.
 */
export function FanTierPanel({ tiers, format }: { tiers: FanTiers; format: MetricFormat }) {
  const { t } = useTranslation()
  const label = useTierLabel(format)
  const total = tiers.tiers.reduce((sum, tier) => sum + tier.count, 0)
  // The axis has little room: the newbie tier reads '<1K' there.
  const data = useMemo(
    () =>
      tiers.tiers.map((tier) => ({
        label: tier.key === 'newbie' ? `<${format.compact(tier.max ?? 1000)}` : label(tier),
        value: tier.count,
      })),
    [tiers, label, format]
  )
  const unit = tiers.platform ? t('data_center.tiers.accounts') : t('data_center.tiers.creators')

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card
          size="small"
          title={t('data_center.tiers.chart_title', { unit })}
          extra={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {tiers.date ? t('data_center.as_of', { date: tiers.date }) : null}
            </Typography.Text>
          }
          data-testid="fan-tiers"
        >
          <Chart
            kind="column"
            data={total ? data : []}
            height={300}
            formatValue={format.number}
            empty={t('data_center.no_data')}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('data_center.tiers.table_title')}>
          <StaticTable
            rowKey="key"
            dataSource={tiers.tiers}
            columns={[
              { key: 'tier', title: t('data_center.tiers.tier'), render: (_, tier) => label(tier) },
              {
                key: 'count',
                title: unit,
                align: 'right',
                render: (_, tier) => format.number(tier.count),
              },
              {
                key: 'share',
                title: t('data_center.columns.share'),
                align: 'right',
                render: (_, tier) => (total ? format.percent(tier.count / total) : '—'),
              },
            ]}
            summary={() => (
              <StaticTable.Summary.Row>
                <StaticTable.Summary.Cell index={0}>
                  <Typography.Text strong>{t('data_center.columns.total')}</Typography.Text>
                </StaticTable.Summary.Cell>
                <StaticTable.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{format.number(total)}</Typography.Text>
                </StaticTable.Summary.Cell>
                <StaticTable.Summary.Cell index={2} />
              </StaticTable.Summary.Row>
            )}
          />
        </Card>
      </Col>
    </Row>
  )
}
