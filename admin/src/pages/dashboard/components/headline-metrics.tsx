import { Card, Col, Row, Space, Statistic, Tooltip, Typography } from 'antd'
import { CommentOutlined, EyeOutlined, LikeOutlined, TeamOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { DateRange, HeadlineMetric, MetricSummary } from '../../../lib/metrics'
import { useDashboardFormat } from '../../../lib/format'
import { Diff } from './diff'

export const HEADLINES: { key: HeadlineMetric; icon: React.ReactNode; color: string }[] = [
  { key: 'fans', icon: <TeamOutlined />, color: '#3b5bdb' },
  { key: 'likes', icon: <LikeOutlined />, color: '#e8590c' },
  { key: 'views', icon: <EyeOutlined />, color: '#0c8599' },
  { key: 'comments', icon: <CommentOutlined />, color: '#7048e8' },
]

/**
 * Fans, likes, views and comments: the value on the range's last day, what
 * was gained over the range (the sum of the daily differences) and the
 * growth rate. Picking a card charts that metric.
 */
export function HeadlineMetrics({
  metrics,
  range,
  selected,
  onSelect,
}: {
  metrics: Record<HeadlineMetric, MetricSummary> | undefined
  range: DateRange | undefined
  selected?: HeadlineMetric
  onSelect?: (metric: HeadlineMetric) => void
}) {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  return (
    <Row gutter={[12, 12]} data-testid="headline-metrics">
      {HEADLINES.map(({ key, icon, color }) => {
        const metric = metrics?.[key]
        const active = selected === key
        return (
          <Col key={key} xs={24} sm={12} xl={6}>
            <Card
              size="small"
              hoverable={Boolean(onSelect)}
              onClick={onSelect ? () => onSelect(key) : undefined}
              style={{
                height: '100%',
                borderColor: active ? color : undefined,
                boxShadow: active ? `0 0 0 1px ${color}` : undefined,
              }}
              data-testid={`headline-${key}`}
            >
              <Statistic
                title={
                  <Space size={6}>
                    <span style={{ color }}>{icon}</span>
                    {t(`dashboard.metrics.${key}`)}
                  </Space>
                }
                value={metric?.value ?? 0}
                formatter={() => (
                  <Tooltip title={f.format(metric?.value)}>
                    <span data-testid={`headline-${key}-value`}>{f.short(metric?.value)}</span>
                  </Tooltip>
                )}
                valueStyle={{ fontSize: 26, fontWeight: 600 }}
              />
              <Space size={12} wrap style={{ marginTop: 4 }}>
                <Tooltip title={t('dashboard.headline.diff_help', { days: range?.days ?? 7 })}>
                  <span>
                    <Diff value={metric?.diff} compact strong testId={`headline-${key}-diff`} />
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12, marginInlineStart: 4 }}
                    >
                      {t('dashboard.headline.in_days', { days: range?.days ?? 7 })}
                    </Typography.Text>
                  </span>
                </Tooltip>
                <Tooltip title={t('dashboard.headline.growth_help')}>
                  <span>
                    <Diff
                      value={metric?.growth ?? null}
                      kind="percent"
                      testId={`headline-${key}-growth`}
                    />
                  </span>
                </Tooltip>
              </Space>
            </Card>
          </Col>
        )
      })}
    </Row>
  )
}
