/** What the dashboard charts draw: labelled values, already translated; formatting comes from the caller. */
export interface ChartDatum {
  label: string
  value: number
}

export interface ChartProps {
  data: ChartDatum[]
  height?: number
  /** Labels and tooltips (full numbers in the reader's locale). */
  formatValue: (value: number) => string
  /** The value axis (compact numbers keep long axes readable); defaults to formatValue. */
  formatAxis?: (value: number) => string
  /** Name of the series in the tooltip. */
  name?: string
  color?: string
}
