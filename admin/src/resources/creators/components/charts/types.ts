/** What every chart draws: labelled values, already translated and formatted by the caller. */
export interface ChartDatum {
  label: string
  value: number
}

export interface ChartProps {
  data: ChartDatum[]
  height?: number
  /** Formats a value for labels and tooltips (percentages, counts in the reader's locale). */
  formatValue: (value: number) => string
  /** Formats the value axis (defaults to formatValue); compact numbers keep long axes readable. */
  formatAxis?: (value: number) => string
  color?: string
}
