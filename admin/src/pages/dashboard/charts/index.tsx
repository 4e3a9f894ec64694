import { lazy, Suspense } from 'react'
import { Empty, Skeleton } from 'antd'
import type { ChartProps } from './types'

export type { ChartDatum, ChartProps } from './types'

/*
 * The chart library is big: each chart is its own chunk, fetched when a
 * dashboard first draws one. The charts only draw what they are handed.
 */
const KINDS = {
  line: lazy(() => import('./line-chart')),
  column: lazy(() => import('./column-chart')),
  bar: lazy(() => import('./bar-chart')),
}

export type ChartKind = keyof typeof KINDS

export function DashboardChart({
  kind,
  empty,
  testId,
  ...props
}: ChartProps & { kind: ChartKind; empty?: string; testId?: string }) {
  if (!props.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
  const Component = KINDS[kind]
  return (
    <Suspense
      fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 240 }} />}
    >
      <div data-testid={testId ?? `chart-${kind}`}>
        <Component {...props} />
      </div>
    </Suspense>
  )
}
