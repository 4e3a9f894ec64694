import { useState } from 'react'
import { Col, Row, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import type { HeadlineMetric } from '../../lib/metrics'
import { DashboardProvider } from './lib/context'
import { FiltersBar } from './components/filters-bar'
import { DashboardBody } from './components/dashboard-body'
import { HeadlineMetrics } from './components/headline-metrics'
import { DailyChartCard } from './components/daily-chart-card'
import { PlatformTotalsCard } from './components/platform-totals-card'
import { CollectionRunsCard } from './components/collection-runs-card'

/**
 * /app/data_dashboard — the landing page: yesterday's and this week's
 * numbers. Fans, likes, views and comments with their daily differences and
 * growth, the chosen metric day by day, every platform side by side, and the
 * state of the collection (with 'Resync data').
 */
export function DataDashboardPage() {
  const { t } = useTranslation()
  const [metric, setMetric] = useState<HeadlineMetric>('fans')
  return (
    <DashboardProvider>
      <Space
        direction="vertical"
        size="middle"
        style={{ width: '100%' }}
        data-testid="data-dashboard-page"
      >
        <FiltersBar title={t('dashboard.titles.data_dashboard')} />
        <DashboardBody>
          {(overview) => (
            <>
              <HeadlineMetrics
                metrics={overview.metrics}
                range={overview.range}
                selected={metric}
                onSelect={setMetric}
              />
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={15}>
                  <DailyChartCard metric={metric} onMetric={setMetric} />
                </Col>
                <Col xs={24} xl={9}>
                  <CollectionRunsCard />
                </Col>
              </Row>
              <PlatformTotalsCard />
            </>
          )}
        </DashboardBody>
      </Space>
    </DashboardProvider>
  )
}

export default DataDashboardPage
