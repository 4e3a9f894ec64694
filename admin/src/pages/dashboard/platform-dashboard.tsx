import { useState } from 'react'
import { Col, Row, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { PLATFORM_DASHBOARD_KEYS, type PlatformKey } from '@shared/constants'
import type { HeadlineMetric } from '../../lib/metrics'
import { DashboardProvider, useDashboard } from './lib/context'
import { FiltersBar } from './components/filters-bar'
import { DashboardBody } from './components/dashboard-body'
import { HeadlineMetrics } from './components/headline-metrics'
import { StatisticCards } from './components/statistic-cards'
import { DailyChartCard } from './components/daily-chart-card'
import { PeriodRankingCard } from './components/period-ranking-card'
import { RankingListCard } from './components/ranking-list-card'
import { PlatformDataCenter } from './components/platform-data-center'
import { PlatformLogo } from '../../components/platform-badge'

/** The Data Center's panels, fetched again after a collection. */
function DataCenterSection({ platform }: { platform: PlatformKey }) {
  const { version } = useDashboard()
  return <PlatformDataCenter key={version} platform={platform} />
}

export type PlatformDashboardKey = keyof typeof PLATFORM_DASHBOARD_KEYS

/**
 * /app/platform_<key> (bili, haokan, iqiyi, kwai, tencent, tiktok, wang,
 * weibo, xigua, yang): the dashboards' panels fixed to one platform, with
 * the Data Center's panels for it, and the creator ranking at the bottom.
 */
export function PlatformDashboardPage({ dashboard }: { dashboard: PlatformDashboardKey }) {
  const { t } = useTranslation()
  const platform = PLATFORM_DASHBOARD_KEYS[dashboard]
  const [metric, setMetric] = useState<HeadlineMetric>('fans')
  return (
    <DashboardProvider fixedPlatform={platform}>
      <Space
        direction="vertical"
        size="middle"
        style={{ width: '100%' }}
        data-testid="platform-dashboard-page"
        data-platform={platform}
      >
        <FiltersBar
          title={
            <Space size={8}>
              <PlatformLogo platform={platform} size={24} />
              {t('dashboard.titles.platform', { platform: t(`enum.platform.${platform}`) })}
            </Space>
          }
        />
        <DashboardBody>
          {(overview) => (
            <>
              <HeadlineMetrics
                metrics={overview.metrics}
                range={overview.range}
                selected={metric}
                onSelect={setMetric}
              />
              <StatisticCards overview={overview} single />
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={15}>
                  <DailyChartCard metric={metric} onMetric={setMetric} />
                </Col>
                <Col xs={24} xl={9}>
                  <PeriodRankingCard />
                </Col>
              </Row>
              <DataCenterSection platform={platform} />
              {/* Last: it grows as the page scrolls. */}
              <RankingListCard />
            </>
          )}
        </DashboardBody>
      </Space>
    </DashboardProvider>
  )
}

export default PlatformDashboardPage
