import { Pie } from '@ant-design/plots/es/core/plots/pie'
import { PlotView } from './plot-view'
import { valueTooltip } from './config'
import type { ChartProps } from './types'
import { DEFAULT_HEIGHTS } from './size'

/** A doughnut of shares (sex, device, categories, sales per platform). Loaded on demand. */
export default function PieChart({
  data,
  height = DEFAULT_HEIGHTS.pie,
  formatValue,
  labels = true,
  plain = false,
}: ChartProps) {
  return (
    <PlotView
      plot={Pie}
      options={{
        data,
        height,
        angleField: 'value',
        colorField: 'label',
        innerRadius: 0.55,
        radius: labels ? 0.9 : undefined,
        label: labels
          ? {
              text: (datum: { value: number }) => formatValue(datum.value),
              position: 'outside',
              fontSize: 11,
            }
          : false,
        legend: {
          color: plain
            ? { position: 'bottom' }
            : { position: 'bottom', layout: { justifyContent: 'center' }, itemLabelFontSize: 11 },
        },
        tooltip: valueTooltip(formatValue),
        animate: false,
      }}
    />
  )
}
