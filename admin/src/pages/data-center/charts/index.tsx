import { lazy, Suspense } from 'react'
import { Empty, Skeleton } from 'antd'
import type { LineChartProps } from './types'

export type { LineChartProps, LineDatum } from './types'

/* The chart library is its own chunk, fetched when a screen first draws a line. */
const LazyLine = lazy(() => import('./line-chart'))

/** A line chart that only draws what it is given, or says there is nothing to draw. */
export function LineChart({
  empty,
  testId = 'chart-line',
  ...props
}: LineChartProps & { empty?: string; testId?: string }) {
  if (!props.data.some((datum) => datum.value !== null)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
  }
  return (
    <Suspense
      fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 280 }} />}
    >
      <div data-testid={testId}>
        <LazyLine {...props} />
      </div>
    </Suspense>
  )
}
