import { Column } from '@ant-design/plots'
import type { ChartProps } from './types'

/** Vertical bars (age groups). Loaded on demand with @ant-design/plots. */
export default function ColumnChart({
  data,
  height = 220,
  formatValue,
  formatAxis,
  color = '#3b5bdb',
}: ChartProps) {
  return (
    <Column
      data={data}
      height={height}
      xField="label"
      yField="value"
      style={{ fill: color, maxWidth: 36, radiusTopLeft: 3, radiusTopRight: 3 }}
      label={{
        text: (datum: { value: number }) => formatValue(datum.value),
        textBaseline: 'bottom',
        fontSize: 10,
      }}
      axis={{
        y: {
          labelFormatter: (value: number) => (formatAxis ?? formatValue)(value),
          title: false,
          tickCount: 4,
        },
        x: { title: false, labelAutoRotate: false },
      }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (value: number) => formatValue(value) }] }}
      animate={false}
    />
  )
}
