import { useState } from 'react'
import { Col, Row, Space } from 'antd'
import type { PlatformKey } from '@shared/constants'
import type { DashboardOverview, HeadlineMetric } from '../../../lib/metrics'
import { DashboardProvider } from '../lib/context'
import { DashboardBody } from './dashboard-body'
import { DailyChartCard } from './daily-chart-card'
import { FiltersBar } from './filters-bar'
import { HeadlineMetrics } from './headline-metrics'

/** A dashboard screen: its filters in the address, the title bar, then its panels once the overview is in. */
export function DashboardFrame({
  title,
  testId,
  fixedPlatform,
  children,
}: {
  title: React.ReactNode
  testId: string
  fixedPlatform?: PlatformKey
  children: (overview: DashboardOverview) => React.ReactNode
}) {
  return (
    <DashboardProvider fixedPlatform={fixedPlatform}>
      <Space
        direction="vertical"
        size="middle"
        style={{ width: '100%' }}
        data-testid={testId}
        data-platform={fixedPlatform}
      >
        <FiltersBar title={title} />
        <DashboardBody>{children}</DashboardBody>
      </Space>
    </DashboardProvider>
  )
}

/** The headline metrics and the chosen one day by day, `side` beside the chart. */
export function DailyMetrics({
  overview,
  between,
  side,
}: {
  overview: DashboardOverview
  between?: React.ReactNode
  /** Beside the daily chart on wide screens; without it the chart takes the row. */
  side?: React.ReactNode
}) {
  const [metric, setMetric] = useState<HeadlineMetric>('fans')
  // The page's own gaps between the three: a column of the same spacing.
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <HeadlineMetrics
        metrics={overview.metrics}
        range={overview.range}
        selected={metric}
        onSelect={setMetric}
      />
      {between}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={side ? 15 : 24}>
          <DailyChartCard metric={metric} onMetric={setMetric} />
        </Col>
        {side && (
          <Col xs={24} xl={9}>
            {side}
          </Col>
        )}
      </Row>
    </Space>
  )
}
