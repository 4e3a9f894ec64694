import { Pie } from '@ant-design/plots'
import type { ChartProps } from './types'

/** A doughnut of shares (sex, device). Loaded on demand with @ant-design/plots. */
export default function PieChart({ data, height = 220, formatValue }: ChartProps) {
  return (
    <Pie
      data={data}
      height={height}
      angleField="value"
      colorField="label"
      innerRadius={0.55}
      radius={0.9}
      label={{
        text: (datum: { value: number }) => formatValue(datum.value),
        position: 'outside',
        fontSize: 11,
      }}
      legend={{
        color: { position: 'bottom', layout: { justifyContent: 'center' }, itemLabelFontSize: 11 },
      }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (value: number) => formatValue(value) }] }}
      animate={false}
    />
  )
}
