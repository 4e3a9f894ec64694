import { useEffect, useRef, useState, type ComponentType } from 'react'
import { Empty, Skeleton } from 'antd'
import { onDemand } from '../../lib/on-demand'
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
/** A chart kind's code; its test id marks a chart that is drawn, not its place. */
function chartCode<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  type Framed = P & { testId: string }
  return onDemand<Framed>(async () => {
    const Plot: ComponentType<P> = (await load()).default
    const Framed = ({ testId, ...props }: Framed) => (
      <div data-testid={testId}>
        <Plot {...(props as unknown as P)} />
      </div>
    )
    return { default: Framed }
  })
}

const KINDS = {
  pie: chartCode(() => import('./pie-chart')),
  column: chartCode(() => import('./column-chart')),
  bar: chartCode(() => import('./bar-chart')),
  area: chartCode(() => import('./area-chart')),
}
const LazyLine = chartCode(() => import('./line-chart'))

type ChartKind = keyof typeof KINDS

/**
 * Asks for a chart kind's code now: for a screen that will draw that chart in
 * view once its data is in, so that the code and the data travel together
 * rather than one after the other.
 */
export function preloadChart(kind: ChartKind | 'line') {
  ;(kind === 'line' ? LazyLine : KINDS[kind]).preload().catch(() => undefined)
}

interface Frame {
  /** What an empty chart says. */
  empty?: string
  testId?: string
}

/** Within a screen's height of the viewport (and laid out: not inside something hidden). */
function isNear(element: Element) {
  const box = element.getBoundingClientRect()
  if (box.width === 0 && box.height === 0) return false
  return box.bottom >= -window.innerHeight && box.top <= 2 * window.innerHeight
}

/**
 * True once the element has come within a screen's height of the viewport.
 * One already there when it mounts (a table row just expanded) is drawn at
 * once: Chromium under load was seen never to report such an element.
 */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null)
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (seen || !ref.current) return
    if (isNear(ref.current)) {
      setSeen(true)
      return
    }
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

/** The chart's place: a skeleton of its height until it has been seen and its code is in. */
function Drawn({
  height,
  draw,
}: {
  height: number
  draw: (placeholder: React.ReactNode) => React.ReactNode
}) {
  const { ref, seen } = useSeen<HTMLDivElement>()
  const placeholder = <Skeleton.Node active style={{ width: '100%', height }} />
  return (
    <div ref={ref} style={{ minHeight: height }}>
      {seen ? draw(placeholder) : placeholder}
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
    <Drawn
      height={heightOf(kind, props)}
      draw={(placeholder) => (
        <Component {...props} testId={testId ?? `chart-${kind}`} fallback={placeholder} />
      )}
    />
  )
}

/** Lines of one or more series over dates, or 'nothing to draw'. */
export function LineChart({ empty, testId = 'chart-line', ...props }: LineChartProps & Frame) {
  if (!props.data.some((datum) => datum.value !== null)) return nothing(empty)
  return (
    <Drawn
      height={heightOf('line', props)}
      draw={(placeholder) => <LazyLine {...props} testId={testId} fallback={placeholder} />}
    />
  )
}

export { WordCloud, type CloudWord } from './word-cloud'
