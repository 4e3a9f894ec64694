import { Column } from '@ant-design/plots'
import type { ChartProps } from './types'

const UP = '#2f9e44'
const DOWN = '#e03131'

/** Daily differences: green columns up, red columns down. Loaded on demand with @ant-design/plots. */
export default function ColumnChart({
  data,
  height = 280,
  formatValue,
  formatAxis,
  name,
  color,
}: ChartProps) {
  return (
    <Column
      data={data}
      height={height}
      xField="label"
      yField="value"
      style={{
        fill: (datum: { value: number }) => color ?? (datum.value < 0 ? DOWN : UP),
        maxWidth: 40,
        radiusTopLeft: 3,
        radiusTopRight: 3,
      }}
      label={
        data.length <= 14
          ? {
              text: (datum: { value: number }) =>
                formatAxis?.(datum.value) ?? formatValue(datum.value),
              textBaseline: 'bottom',
              fontSize: 10,
            }
          : false
      }
      axis={{
        y: {
          labelFormatter: (value: number) => (formatAxis ?? formatValue)(value),
          title: false,
          tickCount: 5,
        },
        x: { title: false, labelAutoHide: true, labelAutoRotate: false },
      }}
      tooltip={{
        items: [{ channel: 'y', name, valueFormatter: (value: number) => formatValue(value) }],
      }}
      animate={false}
    />
  )
}
