import { Bar } from '@ant-design/plots'
import type { ChartProps } from './types'

/** Horizontal bars, one per platform. Loaded on demand with @ant-design/plots. */
export default function BarChart({
  data,
  height,
  formatValue,
  formatAxis,
  name,
  color = '#0c8599',
}: ChartProps) {
  const max = Math.max(0, ...data.map((datum) => datum.value))
  return (
    <Bar
      data={data}
      height={height ?? Math.max(120, data.length * 30 + 50)}
      xField="label"
      yField="value"
      scale={{ y: { domainMin: 0, domainMax: max > 0 ? max * 1.25 : 1, nice: false } }}
      style={{ fill: color, maxWidth: 20, radiusTopRight: 3, radiusBottomRight: 3 }}
      label={{
        text: (datum: { value: number }) => (formatAxis ?? formatValue)(datum.value),
        position: 'right',
        textAlign: 'start',
        dx: 6,
        fontSize: 11,
        fill: '#495057',
      }}
      axis={{
        y: {
          labelFormatter: (value: number) => (formatAxis ?? formatValue)(value),
          labelAutoRotate: false,
          title: false,
          tickCount: 4,
        },
        x: { title: false },
      }}
      tooltip={{
        items: [{ channel: 'y', name, valueFormatter: (value: number) => formatValue(value) }],
      }}
      animate={false}
    />
  )
}
