import { lazy, useEffect } from 'react'
import { useCan } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { DailyMetrics, DashboardFrame } from './components/dashboard-frame'
import { CollectionRunsCard } from './components/collection-runs-card'
import { Later } from '../../components/later'
import { preloadChart } from '../../components/charts'

/** Below the fold, with the table it draws: fetched when its turn comes. */
const PlatformTotalsCard = lazy(() =>
  import('./components/platform-totals-card').then((module) => ({
    default: module.PlatformTotalsCard,
  }))
)

/**
 * /app/data_dashboard — the landing page: yesterday's and this week's
 * numbers. Fans, likes, views and comments with their daily differences and
 * growth, the chosen metric day by day, every platform side by side, and the
 * state of the collection (with 'Resync data'); the list of collection runs
 * is for the staff side.
 */
export function DataDashboardPage() {
  const { t } = useTranslation()
  const seesRuns = useCan({ resource: 'metrics', action: 'runs' }).data?.can ?? false
  // the daily chart (its differences as columns) is in view: its code comes beside its data
  useEffect(() => preloadChart('column'), [])
  return (
    <DashboardFrame title={t('dashboard.titles.data_dashboard')} testId="data-dashboard-page">
      {(overview) => (
        <>
          <DailyMetrics overview={overview} side={seesRuns ? <CollectionRunsCard /> : undefined} />
          <Later minHeight={420}>
            <PlatformTotalsCard />
          </Later>
        </>
      )}
    </DashboardFrame>
  )
}

export default DataDashboardPage
