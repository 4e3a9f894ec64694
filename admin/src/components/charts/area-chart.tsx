import { Area } from '@ant-design/plots/es/core/plots/area'
import { PlotView } from './plot-view'
import { valueAxis, valueTooltip } from './config'
import type { ChartProps } from './types'
import { DEFAULT_HEIGHTS } from './size'

/** A metric's value day by day (the area under a line). Loaded on demand. */
export default function AreaChart({
  data,
  height = DEFAULT_HEIGHTS.area,
  formatValue,
  formatAxis,
  name,
  color = '#3b5bdb',
}: ChartProps) {
  return (
    <PlotView
      plot={Area}
      options={{
        data,
        height,
        xField: 'label',
        yField: 'value',
        shapeField: 'smooth',
        scale: { y: { nice: true, zero: false } },
        style: { fill: `linear-gradient(-90deg, #ffffff 0%, ${color} 100%)`, fillOpacity: 0.25 },
        line: { style: { stroke: color, strokeWidth: 2 } },
        axis: {
          y: valueAxis({ formatValue, formatAxis }, { tickCount: 5 }),
          x: { title: false, labelAutoHide: true, labelAutoRotate: false },
        },
        tooltip: valueTooltip(formatValue, { name }),
        animate: false,
      }}
    />
  )
}
