/** One point of a line: the x label (a date), its value and the series it belongs to, already translated. */
export interface LineDatum {
  x: string
  value: number | null
  series: string
}

export interface LineChartProps {
  data: LineDatum[]
  height?: number
  formatValue: (value: number) => string
  formatAxis?: (value: number) => string
  /** Colours of the series in order of first appearance. */
  colors?: string[]
}
