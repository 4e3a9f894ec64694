/**
 * How tall each chart draws when the caller does not say: shared by the
 * charts and by the place that stands in for them while their code loads.
 */
export const DEFAULT_HEIGHTS = { pie: 220, column: 220, area: 280, line: 280 } as const

/** Bars grow with their count: the dashboards' dense rows, or the roomier default. */
export const BAR_ROWS = {
  dense: { height: 30, min: 120, headroom: 1.25, width: 20 },
  regular: { height: 32, min: 140, headroom: 1.2, width: 22 },
} as const

export function barHeight(count: number, dense = false) {
  const row = BAR_ROWS[dense ? 'dense' : 'regular']
  return Math.max(row.min, count * row.height + 50)
}

export function heightOf(
  kind: keyof typeof DEFAULT_HEIGHTS | 'bar',
  props: { height?: number; data: unknown[]; dense?: boolean }
) {
  if (props.height) return props.height
  return kind === 'bar' ? barHeight(props.data.length, props.dense) : DEFAULT_HEIGHTS[kind]
}
