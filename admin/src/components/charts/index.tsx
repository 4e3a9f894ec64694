import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Empty, Skeleton } from 'antd'
import type { ChartProps, LineChartProps } from './types'
import { heightOf } from './size'

export type { ChartDatum, ChartProps, LineChartProps, SeriesDatum } from './types'

/*
 * The studio's one chart set, on @ant-design/plots. The chart library is
 * big: each chart is its own chunk, fetched when a chart's place first
 * scrolls into view, so no screen downloads it before it needs it; the place
 * keeps the chart's height meanwhile, so nothing moves when it arrives. The
 * charts only draw what
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

/** True once the element has come within a screen's height of the viewport. */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null)
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (seen || !ref.current) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true)
          observer.disconnect()
        }
      },
      { rootMargin: '100% 0px' }
    )
    observer.observe(ref.current)
    return () => observer.disconnect()
  }, [seen])
  return { ref, seen }
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
  const { ref, seen } = useSeen<HTMLDivElement>()
  const placeholder = <Skeleton.Node active style={{ width: '100%', height }} />
  return (
    <div ref={ref} style={{ minHeight: height }}>
      {seen ? (
        <Suspense fallback={placeholder}>
          <div data-testid={testId}>{children}</div>
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
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
    <Drawn height={heightOf(kind, props)} testId={testId ?? `chart-${kind}`}>
      <Component {...props} />
    </Drawn>
  )
}

/** Lines of one or more series over dates, or 'nothing to draw'. */
export function LineChart({ empty, testId = 'chart-line', ...props }: LineChartProps & Frame) {
  if (!props.data.some((datum) => datum.value !== null)) return nothing(empty)
  return (
    <Drawn height={heightOf('line', props)} testId={testId}>
      <LazyLine {...props} />
    </Drawn>
  )
}

export { WordCloud, type CloudWord } from './word-cloud'
