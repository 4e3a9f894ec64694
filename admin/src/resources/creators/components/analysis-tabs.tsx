import { lazy, Suspense } from 'react'
import { Card, Skeleton, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PlatformAccount } from '../types'
import { PlatformAnalysis } from './data/platform-analysis'

/*
 * The first tab is drawn with the page; the other three are chunks of their
 * own (the videos' table, the daily list), asked for when the pointer or the
 * focus reaches the tab bar, so they are usually in before the click.
 */
const loadTrend = () => import('./data/trend-tab')
const loadRecords = () => import('./data/daily-records')
const loadVideos = () => import('./creator-videos')
const TrendTab = lazy(() => loadTrend().then((module) => ({ default: module.TrendTab })))
const DailyRecords = lazy(() => loadRecords().then((module) => ({ default: module.DailyRecords })))
const CreatorVideos = lazy(() => loadVideos().then((module) => ({ default: module.CreatorVideos })))
let prefetched = false
function prefetchTabs() {
  if (prefetched) return
  prefetched = true
  for (const load of [loadTrend, loadRecords, loadVideos]) load().catch(() => (prefetched = false))
}

const later = (node: React.ReactNode) => (
  <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{node}</Suspense>
)

/**
 * Data analysis / Trend / List by date range of one creator, from the daily
 * snapshots the collection writes, and its videos (SPEC §2 Creator detail).
 */
export function AnalysisTabs({
  creatorId,
  accounts,
}: {
  creatorId: number
  accounts: PlatformAccount[]
}) {
  const { t } = useTranslation()
  return (
    <Card
      data-testid="analysis-tabs"
      styles={{ body: { paddingTop: 8 } }}
      onPointerEnter={prefetchTabs}
      onFocus={prefetchTabs}
    >
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'analysis',
            label: <span data-testid="tab-analysis">{t('creators.analysis.tabs.analysis')}</span>,
            children: <PlatformAnalysis creatorId={creatorId} accounts={accounts} />,
          },
          {
            key: 'trend',
            label: <span data-testid="tab-trend">{t('creators.analysis.tabs.trend')}</span>,
            children: later(<TrendTab creatorId={creatorId} accounts={accounts} />),
          },
          {
            key: 'range',
            label: <span data-testid="tab-range">{t('creators.analysis.tabs.range')}</span>,
            children: later(<DailyRecords creatorId={creatorId} accounts={accounts} />),
          },
          {
            key: 'videos',
            label: <span data-testid="tab-videos">{t('tracking.videos.tab')}</span>,
            children: later(<CreatorVideos creatorId={creatorId} />),
          },
        ]}
      />
    </Card>
  )
}
