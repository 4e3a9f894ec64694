import { useMemo } from 'react'
import { Card, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DashboardOverview } from '../../../lib/metrics'
import { PlatformBars } from './platform-bars'

/** Average monthly views per platform over the last year (or the days there are). */
export function MonthlyViewsCard({ overview }: { overview: DashboardOverview }) {
  const { t } = useTranslation()
  const rows = overview.monthly_views_per_platform
  const data = useMemo(
    () =>
      [...rows]
        .sort((a, b) => b.avg_monthly_views - a.avg_monthly_views)
        .map((row) => ({
          label: t(`enum.platform.${row.platform}`),
          value: Math.round(Number(row.avg_monthly_views) || 0),
        })),
    [rows, t]
  )
  const months = rows.reduce((max, row) => Math.max(max, Number(row.months) || 0), 0)
  return (
    <Card
      title={t('dashboard.stats.avg_monthly_views')}
      extra={
        months > 0 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('dashboard.stats.months_basis', { months: months.toFixed(1) })}
          </Typography.Text>
        ) : null
      }
      style={{ height: '100%' }}
      data-testid="monthly-views"
    >
      <PlatformBars
        data={data}
        name={t('dashboard.stats.avg_monthly_views')}
        color="#e8590c"
        testId="monthly-views-chart"
      />
    </Card>
  )
}
