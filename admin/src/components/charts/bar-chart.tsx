import { Bar } from '@ant-design/plots/es/core/plots/bar'
import { PlotView } from './plot-view'
import { valueAxis, valueTooltip } from './config'
import type { ChartProps } from './types'
import { BAR_ROWS, barHeight } from './size'

/** Horizontal bars (regions, partitions, fans per platform, top creators). Loaded on demand. */
export default function BarChart({
  data,
  height,
  formatValue,
  formatAxis,
  formatLabel,
  name,
  color = '#0c8599',
  labels = true,
  dense = false,
  plain = false,
}: ChartProps) {
  const max = Math.max(0, ...data.map((datum) => datum.value))
  const row = BAR_ROWS[dense ? 'dense' : 'regular']
  return (
    <PlotView
      plot={Bar}
      options={{
        data,
        height: height ?? barHeight(data.length, dense),
        xField: 'label',
        yField: 'value',
        scale: plain
          ? undefined
          : { y: { domainMin: 0, domainMax: max > 0 ? max * row.headroom : 1, nice: false } },
        style: plain
          ? { fill: color }
          : { fill: color, maxWidth: row.width, radiusTopRight: 3, radiusBottomRight: 3 },
        label: labels
          ? {
              text: (datum: { value: number }) => (formatLabel ?? formatValue)(datum.value),
              position: 'right',
              textAlign: 'start',
              dx: 6,
              fontSize: 11,
              fill: '#495057',
            }
          : false,
        axis: {
          y: valueAxis(
            { formatValue, formatAxis },
            plain ? {} : { labelAutoRotate: false, tickCount: 4 }
          ),
          x: { title: false },
        },
        tooltip: valueTooltip(formatValue, { name }),
        animate: false,
      }}
    />
  )
}
