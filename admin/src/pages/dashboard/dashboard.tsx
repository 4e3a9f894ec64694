import { lazy, useEffect } from 'react'
import { Col, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { DashboardFrame } from './components/dashboard-frame'
import { StatisticCards } from './components/statistic-cards'
import { MonthlyViewsCard } from './components/monthly-views-card'
import { PeriodRankingCard } from './components/period-ranking-card'
import { Later } from '../../components/later'
import { preloadChart } from '../../components/charts'

/** Below the fold, with the table it draws: fetched when its turn comes. */
const RankingListCard = lazy(() =>
  import('./components/ranking-list-card').then((module) => ({ default: module.RankingListCard }))
)

/**
 * /app/dashboard — the network at a glance (SPEC §2 Dashboard): total fans
 * on a YouTube base, creators by kind, active platforms, yearly growth,
 * views and uploads, average monthly views per platform, the weekly and
 * monthly top 10 and the creator ranking of the range.
 */
export function DashboardPage() {
  const { t } = useTranslation()
  // the monthly views' bars are in view: their code comes beside the overview
  useEffect(() => preloadChart('bar'), [])
  return (
    <DashboardFrame title={t('dashboard.titles.dashboard')} testId="dashboard-page">
      {(overview) => (
        <>
          <StatisticCards overview={overview} />
          {/* In view, but drawn in a task of its own after the cards above. */}
          <Later soon minHeight={738}>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={10}>
                <MonthlyViewsCard overview={overview} />
              </Col>
              <Col xs={24} xl={14}>
                <PeriodRankingCard />
              </Col>
            </Row>
          </Later>
          <Later minHeight={480}>
            <RankingListCard />
          </Later>
        </>
      )}
    </DashboardFrame>
  )
}

export default DashboardPage
