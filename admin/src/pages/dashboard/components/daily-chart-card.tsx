import { useMemo, useState } from 'react'
import { Card, Space, Statistic, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { HEADLINE_METRICS } from '@shared/constants'
import type { DailySeries, HeadlineMetric } from '../../../lib/metrics'
import { useDashboard } from '../lib/context'
import { useDashboardFormat } from '../../../lib/format'
import { useApiQuery } from '../../../lib/use-api-query'
import { Chart } from '../../../components/charts'
import { HEADLINES } from './headline-metrics'
import { Diff } from './diff'
import { Choice } from '../../../components/choice'

type Mode = 'value' | 'diff'

const CHART_HEIGHT = 300

/**
 * The chosen metric day by day (GET /api/dashboard/chart/weekly): its value
 * as an area, or its daily difference as green/red columns.
 */
export function DailyChartCard({
  metric,
  onMetric,
}: {
  metric: HeadlineMetric
  onMetric: (metric: HeadlineMetric) => void
}) {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  const { filters, version } = useDashboard()
  const [mode, setMode] = useState<Mode>('diff')
  const {
    data,
    loading: isLoading,
    fetching: isFetching,
  } = useApiQuery<DailySeries>('/api/dashboard/chart/weekly', { ...filters }, { version })

  const { points, best, worst, average, hasData } = useMemo(() => {
    const rows = data?.series ?? []
    const field = mode === 'value' ? metric : (`${metric}_diff` as const)
    const points = rows.map((row) => ({ label: row.date, value: Number(row[field]) || 0 }))
    const diffs = rows.map((row) => ({ date: row.date, value: Number(row[`${metric}_diff`]) || 0 }))
    const best = diffs.reduce<(typeof diffs)[number] | null>(
      (top, row) => (!top || row.value > top.value ? row : top),
      null
    )
    const worst = diffs.reduce<(typeof diffs)[number] | null>(
      (low, row) => (!low || row.value < low.value ? row : low),
      null
    )
    const average = diffs.length
      ? diffs.reduce((sum, row) => sum + row.value, 0) / diffs.length
      : null
    // A metric that was collected but did not move is still drawn (a flat line, zero columns).
    const hasData = rows.some(
      (row) => Number(row[metric]) !== 0 || Number(row[`${metric}_diff`]) !== 0
    )
    return { points, best, worst, average, hasData }
  }, [data, metric, mode])

  const color = HEADLINES.find((entry) => entry.key === metric)?.color

  return (
    <Card
      title={t('dashboard.daily.title')}
      loading={isLoading}
      data-testid="daily-chart"
      style={{ height: '100%' }}
      // While loading, the body keeps the height of the chart and its figures
      // below, so the panels under it do not jump when they arrive.
      styles={isLoading ? { body: { minHeight: CHART_HEIGHT + 60 } } : undefined}
      extra={
        <Space size={8} wrap>
          <Choice<HeadlineMetric>
            value={metric}
            onChange={onMetric}
            values={HEADLINE_METRICS}
            label={(key) => t(`dashboard.metrics.${key}`)}
            testId="daily-metric"
          />
          <Choice<Mode>
            value={mode}
            onChange={setMode}
            values={['diff', 'value']}
            label={(key) =>
              t({ diff: 'dashboard.daily.mode_diff', value: 'dashboard.daily.mode_value' }[key])
            }
            testId="daily-mode"
          />
        </Space>
      }
    >
      <div style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
        <Chart
          kind={mode === 'value' ? 'area' : 'column'}
          signed={mode !== 'value'}
          data={hasData ? points : []}
          height={CHART_HEIGHT}
          formatValue={f.format}
          formatAxis={f.axis}
          formatLabel={f.compact}
          name={t(mode === 'value' ? `dashboard.metrics.${metric}` : 'dashboard.daily.diff_of', {
            metric: t(`dashboard.metrics.${metric}`),
          })}
          color={mode === 'value' ? color : undefined}
          empty={t('dashboard.empty.title')}
          testId="daily-chart-canvas"
        />
      </div>
      {hasData && (
        <Space size={32} wrap style={{ marginTop: 12 }}>
          <Statistic
            title={t('dashboard.daily.average')}
            value={average ?? 0}
            formatter={() => <Diff value={average === null ? null : Math.round(average)} compact />}
            valueStyle={{ fontSize: 16 }}
          />
          {best && (
            <Statistic
              title={t('dashboard.daily.best_day', { date: best.date })}
              value={best.value}
              formatter={() => <Diff value={best.value} compact />}
              valueStyle={{ fontSize: 16 }}
            />
          )}
          {worst && best && worst.value !== best.value && (
            <Statistic
              title={t('dashboard.daily.worst_day', { date: worst.date })}
              value={worst.value}
              formatter={() => <Diff value={worst.value} compact />}
              valueStyle={{ fontSize: 16 }}
            />
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {data?.range
              ? t('dashboard.range', {
                  start: data.range.start,
                  end: data.range.end,
                  days: data.range.days,
                })
              : null}
          </Typography.Text>
        </Space>
      )}
    </Card>
  )
}
