import { lazy, Suspense } from 'react'
import { Empty, Skeleton } from 'antd'
import type { ChartProps } from './types'

export type { ChartDatum, ChartProps } from './types'

/*
 * The chart library is big; each chart is its own chunk, fetched when a
 * detail page first draws one, so the creator list never downloads it.
 */
const LazyPie = lazy(() => import('./pie-chart'))
const LazyColumn = lazy(() => import('./column-chart'))
const LazyBar = lazy(() => import('./bar-chart'))

const KINDS = { pie: LazyPie, column: LazyColumn, bar: LazyBar }

export function Chart({
  kind,
  empty,
  ...props
}: ChartProps & { kind: keyof typeof KINDS; empty?: string }) {
  if (!props.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
  const Component = KINDS[kind]
  return (
    <Suspense
      fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 200 }} />}
    >
      <div data-testid={`chart-${kind}`}>
        <Component {...props} />
      </div>
    </Suspense>
  )
}
