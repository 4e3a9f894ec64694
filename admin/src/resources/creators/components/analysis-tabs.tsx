import { Card, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PlatformAccount } from '../types'
import { PlatformAnalysis } from './data/platform-analysis'
import { TrendTab } from './data/trend-tab'
import { DailyRecords } from './data/daily-records'
import { CreatorVideos } from './creator-videos'

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
    <Card data-testid="analysis-tabs" styles={{ body: { paddingTop: 8 } }}>
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
            children: <TrendTab creatorId={creatorId} accounts={accounts} />,
          },
          {
            key: 'range',
            label: <span data-testid="tab-range">{t('creators.analysis.tabs.range')}</span>,
            children: <DailyRecords creatorId={creatorId} accounts={accounts} />,
          },
          {
            key: 'videos',
            label: <span data-testid="tab-videos">{t('tracking.videos.tab')}</span>,
            children: <CreatorVideos creatorId={creatorId} />,
          },
        ]}
      />
    </Card>
  )
}
