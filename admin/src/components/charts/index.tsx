import { lazy, Suspense } from 'react'
import { Empty, Skeleton } from 'antd'
import type { ChartProps, LineChartProps } from './types'

export type { ChartDatum, ChartProps, LineChartProps, SeriesDatum } from './types'

/*
 * The studio's one chart set, on @ant-design/plots. The chart library is
 * big: each chart is its own chunk, fetched when a screen first draws one,
 * so no screen downloads it before it needs it. The charts only draw what
 * they are handed (translated labels, the caller's number formats).
 */
const KINDS = {
  pie: lazy(() => import('./pie-chart')),
  column: lazy(() => import('./column-chart')),
  bar: lazy(() => import('./bar-chart')),
  area: lazy(() => import('./area-chart')),
}
const LazyLine = lazy(() => import('./line-chart'))

export type ChartKind = keyof typeof KINDS

interface Frame {
  /** What an empty chart says. */
  empty?: string
  testId?: string
}

function Drawn({
  height,
  testId,
  children,
}: {
  height: number
  testId: string
  children: React.ReactNode
}) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <div data-testid={testId}>{children}</div>
    </Suspense>
  )
}

const nothing = (empty?: string) => (
  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
)

/** A bar, column, pie or area chart of labelled values, or 'nothing to draw'. */
export function Chart({ kind, empty, testId, ...props }: ChartProps & Frame & { kind: ChartKind }) {
  if (!props.data.length) return nothing(empty)
  const Component = KINDS[kind]
  return (
    <Drawn height={props.height ?? 200} testId={testId ?? `chart-${kind}`}>
      <Component {...props} />
    </Drawn>
  )
}

/** Lines of one or more series over dates, or 'nothing to draw'. */
export function LineChart({ empty, testId = 'chart-line', ...props }: LineChartProps & Frame) {
  if (!props.data.some((datum) => datum.value !== null)) return nothing(empty)
  return (
    <Drawn height={props.height ?? 280} testId={testId}>
      <LazyLine {...props} />
    </Drawn>
  )
}
