import { Line } from '@ant-design/plots/es/core/plots/line'
import { PlotView } from './plot-view'
import { valueAxis, valueTooltip } from './config'
import type { LineChartProps } from './types'
import { DEFAULT_HEIGHTS } from './size'

/** Lines over dates or months, one colour per series. Loaded on demand. */
export default function LineChart({
  data,
  height = DEFAULT_HEIGHTS.line,
  formatValue,
  formatAxis,
  colors,
  plain = false,
}: LineChartProps) {
  const many = new Set(data.map((datum) => datum.series)).size > 1
  return (
    <PlotView
      plot={Line}
      options={{
        data,
        height,
        xField: 'x',
        yField: 'value',
        colorField: 'series',
        scale: colors ? { color: { range: colors } } : undefined,
        point: !plain && data.length <= 120 ? { sizeField: 2 } : undefined,
        style: plain ? undefined : { lineWidth: 2 },
        axis: {
          y: valueAxis({ formatValue, formatAxis }, plain ? {} : { tickCount: 5 }),
          x: plain
            ? { title: false }
            : { title: false, labelAutoRotate: false, labelAutoHide: true },
        },
        legend: plain
          ? undefined
          : many
            ? {
                color: {
                  position: 'top',
                  layout: { justifyContent: 'center' },
                  itemLabelFontSize: 12,
                },
              }
            : false,
        tooltip: valueTooltip(formatValue),
        animate: false,
      }}
    />
  )
}
