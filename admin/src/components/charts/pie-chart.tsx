import { Pie } from '@ant-design/plots'
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
    <Pie
      data={data}
      height={height}
      angleField="value"
      colorField="label"
      innerRadius={0.55}
      radius={labels ? 0.9 : undefined}
      label={
        labels
          ? {
              text: (datum: { value: number }) => formatValue(datum.value),
              position: 'outside',
              fontSize: 11,
            }
          : false
      }
      legend={{
        color: plain
          ? { position: 'bottom' }
          : { position: 'bottom', layout: { justifyContent: 'center' }, itemLabelFontSize: 11 },
      }}
      tooltip={valueTooltip(formatValue)}
      animate={false}
    />
  )
}
