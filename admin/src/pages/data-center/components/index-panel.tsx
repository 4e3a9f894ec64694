import { useMemo } from 'react'
import { Card, Col, Progress, Row, Statistic, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart } from '../../../components/charts'
import type { DataCenterPanel, ScoreItem } from '../../../lib/metrics'
import type { MetricFormat } from '../../../lib/format'
import { CreatorCell } from './creator-cell'
import { FormulaHelp } from './formula-help'
import { RankBadge } from './rank-badge'
import { StaticTable } from '../../../components/list-table'

/** Scores are capped: 0.5 × min(index, 500) twice, so 500 is the top. */
const SCORE_MAX = 500

/** The index tones: at the network's pace (100) or above in green, below in orange. */
function IndexValue({ value, format }: { value: number | null; format: MetricFormat }) {
  if (value === null || value === undefined)
    return <Typography.Text type="secondary">—</Typography.Text>
  return (
    <Typography.Text style={{ color: value >= 100 ? '#2f9e44' : '#e8590c', whiteSpace: 'nowrap' }}>
      {format.index(value)}
    </Typography.Text>
  )
}

/**
 * Fan index, view index and the score ranking of the period, with the
 * network's figures they are measured against and the formulas' help.
 */
export function IndexPanel({ panel, format }: { panel: DataCenterPanel; format: MetricFormat }) {
  const { t } = useTranslation()
  const { network, score_ranking: ranking } = panel
  const chartData = useMemo(
    () => ranking.slice(0, 10).map((item) => ({ label: item.channel_name, value: item.score })),
    [ranking]
  )

  return (
    <Space16>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            style={{ height: '100%' }}
            title={
              <span>
                {t('data_center.index.network_title')}
                <FormulaHelp />
              </span>
            }
            data-testid="network-figures"
          >
            <Row gutter={[16, 16]}>
              <Col xs={12}>
                <Statistic
                  title={t('data_center.index.fans_start')}
                  value={format.number(network.fans_start)}
                />
              </Col>
              <Col xs={12}>
                <Statistic
                  title={t('data_center.index.fans_growth')}
                  value={`${format.signed(network.fans_gained)} (${format.signedPercent(network.fans_growth)})`}
                />
              </Col>
              <Col xs={12}>
                <Statistic
                  title={t('data_center.index.views_gained')}
                  value={format.number(network.views_gained)}
                />
              </Col>
              <Col xs={12}>
                <Statistic
                  title={t('data_center.index.mean_views', { n: network.creators })}
                  value={format.number(
                    network.mean_views_gained === null
                      ? null
                      : Math.round(network.mean_views_gained)
                  )}
                />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('data_center.index.score_top')} style={{ height: '100%' }}>
            <Chart
              kind="bar"
              data={chartData}
              formatValue={format.index}
              color="#3b5bdb"
              empty={t('data_center.no_data')}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('data_center.index.ranking_title')} data-testid="score-ranking">
        <StaticTable<ScoreItem>
          rowKey="creator_id"
          dataSource={ranking}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('data_center.no_data') }}
          columns={[
            { key: 'rank', width: 44, render: (_, item) => <RankBadge rank={item.rank} /> },
            {
              key: 'creator',
              title: t('data_center.columns.creator'),
              render: (_, item) => <CreatorCell creator={item} />,
            },
            {
              key: 'fans',
              title: t('data_center.columns.fans'),
              align: 'right',
              render: (_, item) => format.compact(item.fans),
            },
            {
              key: 'fans_diff',
              title: t('data_center.columns.fans_diff'),
              align: 'right',
              render: (_, item) => <Nowrap>{format.signed(item.fans_diff)}</Nowrap>,
            },
            {
              key: 'views_diff',
              title: t('data_center.columns.views_diff'),
              align: 'right',
              render: (_, item) => format.compact(item.views_diff),
            },
            {
              key: 'fan_index',
              title: t('data_center.index.fan_index'),
              align: 'right',
              render: (_, item) => <IndexValue value={item.fan_index} format={format} />,
            },
            {
              key: 'view_index',
              title: t('data_center.index.view_index'),
              align: 'right',
              render: (_, item) => <IndexValue value={item.view_index} format={format} />,
            },
            {
              key: 'score',
              title: t('data_center.index.score'),
              width: 180,
              render: (_, item) => (
                <Progress
                  percent={Math.min(100, (item.score / SCORE_MAX) * 100)}
                  format={() => format.index(item.score)}
                  strokeColor="#3b5bdb"
                />
              ),
            },
          ]}
        />
      </Card>
    </Space16>
  )
}

function Space16({ children }: { children: React.ReactNode }) {
  return <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>{children}</div>
}

function Nowrap({ children }: { children: React.ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
}
