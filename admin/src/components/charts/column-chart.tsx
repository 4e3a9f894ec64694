import { Column } from '@ant-design/plots/es/core/plots/column'
import { PlotView } from './plot-view'
import { valueAxis, valueTooltip } from './config'
import type { ChartProps } from './types'
import { DEFAULT_HEIGHTS } from './size'

const UP = '#2f9e44'
const DOWN = '#e03131'

/**
 * Vertical columns: age groups and fan tiers; with `signed`, daily
 * differences (green up, red down, labels while there are few); with a
 * `series` on the data, stacked per series (signed deals per team). Loaded
 * on demand.
 */
export default function ColumnChart({
  data,
  height = DEFAULT_HEIGHTS.column,
  formatValue,
  formatAxis,
  formatLabel,
  name,
  color,
  signed = false,
  labels = true,
}: ChartProps) {
  const stacked = data.some((datum) => datum.series !== undefined)
  const fill = signed
    ? (datum: { value: number }) => color ?? (datum.value < 0 ? DOWN : UP)
    : (color ?? '#3b5bdb')
  return (
    <PlotView
      plot={Column}
      options={{
        data,
        height,
        xField: 'label',
        yField: 'value',
        ...(stacked
          ? { colorField: 'series', stack: true, legend: { color: { position: 'top' } } }
          : {
              style: {
                fill,
                maxWidth: signed ? 40 : 36,
                radiusTopLeft: 3,
                radiusTopRight: 3,
              },
            }),
        label:
          labels && !stacked && (!signed || data.length <= 14)
            ? {
                text: (datum: { value: number }) => (formatLabel ?? formatValue)(datum.value),
                textBaseline: 'bottom',
                fontSize: 10,
              }
            : false,
        axis: {
          // Stacked series keep the plot library's own ticks and labels.
          y: valueAxis({ formatValue, formatAxis }, stacked ? {} : { tickCount: signed ? 5 : 4 }),
          x: stacked
            ? { title: false }
            : { title: false, labelAutoRotate: false, ...(signed ? { labelAutoHide: true } : {}) },
        },
        tooltip: valueTooltip(formatValue, { name }),
        animate: false,
      }}
    />
  )
}
