import { Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { PLATFORM_DASHBOARD_KEYS, type PlatformKey } from '@shared/constants'
import { useDashboard } from './lib/context'
import { DailyMetrics, DashboardFrame } from './components/dashboard-frame'
import { StatisticCards } from './components/statistic-cards'
import { PeriodRankingCard } from './components/period-ranking-card'
import { RankingListCard } from './components/ranking-list-card'
import { PlatformDataCenter } from './components/platform-data-center'
import { PlatformLogo } from '../../components/platform-badge'

/** The Data Center's panels, fetched again after a collection. */
function DataCenterSection({ platform }: { platform: PlatformKey }) {
  const { version } = useDashboard()
  return <PlatformDataCenter key={version} platform={platform} />
}

type PlatformDashboardKey = keyof typeof PLATFORM_DASHBOARD_KEYS

/**
 * /app/platform_<key> (bili, haokan, iqiyi, kwai, tencent, tiktok, wang,
 * weibo, xigua, yang): the dashboards' panels fixed to one platform, with
 * the Data Center's panels for it, and the creator ranking at the bottom.
 */
export function PlatformDashboardPage({ dashboard }: { dashboard: PlatformDashboardKey }) {
  const { t } = useTranslation()
  const platform = PLATFORM_DASHBOARD_KEYS[dashboard]
  return (
    <DashboardFrame
      fixedPlatform={platform}
      testId="platform-dashboard-page"
      title={
        <Space size={8}>
          <PlatformLogo platform={platform} size={24} />
          {t('dashboard.titles.platform', { platform: t(`enum.platform.${platform}`) })}
        </Space>
      }
    >
      {(overview) => (
        <>
          <DailyMetrics
            overview={overview}
            between={<StatisticCards overview={overview} single />}
            side={<PeriodRankingCard />}
          />
          <DataCenterSection platform={platform} />
          {/* Last: it grows as the page scrolls. */}
          <RankingListCard />
        </>
      )}
    </DashboardFrame>
  )
}

export default PlatformDashboardPage
