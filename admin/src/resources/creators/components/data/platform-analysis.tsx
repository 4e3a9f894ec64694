import { useMemo, useState } from 'react'
import { Space, Tag, Tooltip, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CreatorDataProps } from '../../types'
import type { CreatorDashboardDetail, PlatformFigures } from '../../../../lib/metrics'
import { useApiQuery } from '../../../../lib/use-api-query'
import { useMetricFormat } from '../../../../lib/format'
import { LoadState } from '../../../../components/load-state'
import { Chart } from '../../../../components/charts'
import { PlatformLogo } from '../../../../components/platform-badge'
import { DayRangePicker } from '../../../../components/day-range-picker'
import { StaticTable } from '../../../../components/list-table'

/** The figures shown with what they gained over the range. */
const PAIRS = ['fans', 'views', 'likes', 'comments'] as const

/**
 * Each platform's fans, views, likes and comments with what they gained over
 * a range (default: the last 7 days ending on the newest snapshot), and the
 * fans per platform as bars.
 */
export function PlatformAnalysis({ creatorId, accounts }: CreatorDataProps) {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const [range, setRange] = useState<[string, string] | null>(null)
  const { data, loading, error } = useApiQuery<CreatorDashboardDetail>(
    '/api/creator/dashboard/detail',
    {
      id: creatorId,
      start: range?.[0],
      end: range?.[1],
    }
  )
  const shown = data?.range ? ([data.range.start, data.range.end] as const) : range

  // Before the first collection the accounts' own fan counts still tell the split.
  const bars = useMemo(() => {
    const figures = data?.platforms.length
      ? data.platforms.map((item) => ({ platform: item.platform, fans: item.fans }))
      : accounts.map((account) => ({ platform: account.platform, fans: Number(account.fans) || 0 }))
    return figures
      .sort((a, b) => b.fans - a.fans)
      .map((item) => ({ label: t(`enum.platform.${item.platform}`), value: item.fans }))
  }, [data, accounts, t])

  const gain = (value: number | null | undefined) => (
    <Typography.Text type={Number(value) < 0 ? 'danger' : 'success'} style={{ fontSize: 12 }}>
      {format.signed(value)}
    </Typography.Text>
  )
  const pair = (value: number, diff: number) => (
    <Space direction="vertical" size={0} style={{ lineHeight: 1.3, alignItems: 'flex-end' }}>
      <span>{format.number(value)}</span>
      {gain(diff)}
    </Space>
  )

  return (
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%' }}
      data-testid="platform-analysis"
    >
      <Space wrap>
        <DayRangePicker value={shown} onChange={setRange} testId="analysis-range" />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('creator_data.gain_hint')}
        </Typography.Text>
      </Space>
      <LoadState loading={loading} error={error}>
        <StaticTable<PlatformFigures>
          rowKey="platform"
          dataSource={data?.platforms ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('creator_data.no_snapshots') }}
          data-testid="analysis-table"
          columns={[
            {
              key: 'platform',
              title: t('creators.fields.platform'),
              render: (_, item) => (
                <Space size={6} wrap style={{ maxWidth: 150 }}>
                  <Space size={6} style={{ whiteSpace: 'nowrap' }}>
                    <PlatformLogo platform={item.platform} />
                    {t(`enum.platform.${item.platform}`)}
                  </Space>
                  {item.source && (
                    <Tooltip
                      title={
                        item.adapter
                          ? t('creator_data.adapter', { adapter: item.adapter })
                          : undefined
                      }
                    >
                      <Tag style={{ fontSize: 11 }}>
                        {t(`creator_data.source.${item.source}`, { defaultValue: item.source })}
                      </Tag>
                    </Tooltip>
                  )}
                </Space>
              ),
            },
            ...PAIRS.map((key) => ({
              key,
              title: t(`data_center.metrics.${key}`),
              align: 'right' as const,
              render: (_: unknown, item: PlatformFigures) => pair(item[key], item[`${key}_diff`]),
            })),
            {
              key: 'growth',
              title: t('data_center.columns.growth'),
              align: 'right',
              onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
              render: (_, item) => format.signedPercent(item.growth),
            },
          ]}
          summary={() =>
            data && data.platforms.length > 1 ? (
              <StaticTable.Summary.Row>
                <StaticTable.Summary.Cell index={0}>
                  <Typography.Text strong>{t('data_center.columns.total')}</Typography.Text>
                </StaticTable.Summary.Cell>
                {PAIRS.map((key, index) => (
                  <StaticTable.Summary.Cell key={key} index={index + 1} align="right">
                    <strong>{pair(data.total[key], data.total[`${key}_diff`])}</strong>
                  </StaticTable.Summary.Cell>
                ))}
                <StaticTable.Summary.Cell index={5} align="right">
                  <strong>{format.signedPercent(data.total.growth)}</strong>
                </StaticTable.Summary.Cell>
              </StaticTable.Summary.Row>
            ) : null
          }
        />
      </LoadState>
      <Typography.Text strong>{t('creators.analysis.fans_by_platform')}</Typography.Text>
      <Chart
        kind="bar"
        data={bars}
        formatValue={format.number}
        formatAxis={format.axis}
        empty={t('creators.detail.no_accounts')}
      />
    </Space>
  )
}
