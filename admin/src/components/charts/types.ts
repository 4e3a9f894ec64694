/** What the bar, column and pie charts draw: labelled values, already translated by the caller. */
export interface ChartDatum {
  label: string
  value: number
  /** The series a value belongs to (stacked columns). */
  series?: string
}

/** One point of a line: the x label (a date, a month), its value and its series, already translated. */
export interface SeriesDatum {
  x: string
  value: number | null
  series: string
}

interface Formats {
  /** Tooltips, and labels unless `formatLabel` (full numbers in the reader's locale, percentages). */
  formatValue: (value: number) => string
  /**
   * The value axis; defaults to formatValue. It is handed every tick of the
   * axis too, so that a compact format can keep neighbouring ticks apart
   * (the format hooks' `axis`).
   */
  formatAxis?: (value: number, ticks?: readonly number[]) => string
  /** The labels on bars and columns; defaults to formatValue. */
  formatLabel?: (value: number) => string
  height?: number
  /** Name of the series in the tooltip. */
  name?: string
  color?: string
}

export interface ChartProps extends Formats {
  data: ChartDatum[]
  /** Values written on the bars, columns and slices (default on). */
  labels?: boolean
  /** The plot library's own look, only the colour and the formats set (the sales charts). */
  plain?: boolean
  /** Bars: the dashboards' tighter rows. Columns: gains up in green, losses down in red. */
  dense?: boolean
  signed?: boolean
}

export interface LineChartProps extends Formats {
  data: SeriesDatum[]
  /** Colours of the series in order of first appearance. */
  colors?: string[]
  /** The plot library's own look: no dots, its line width and legend (the sales charts). */
  plain?: boolean
}
