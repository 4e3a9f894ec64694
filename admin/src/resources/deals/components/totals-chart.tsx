import { Column } from '@ant-design/plots'

/** Signed amounts per month, stacked by team. Loaded on demand with @ant-design/plots. */
export default function TotalsChart({
  data,
  format,
  compact,
}: {
  data: { month: string; team: string; value: number }[]
  format: (value: number) => string
  compact: (value: number) => string
}) {
  return (
    <Column
      data={data}
      height={280}
      xField="month"
      yField="value"
      colorField="team"
      stack
      axis={{
        y: { labelFormatter: (value: number) => compact(value), title: false },
        x: { title: false },
      }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (value: number) => format(value) }] }}
      legend={{ color: { position: 'top' } }}
      animate={false}
    />
  )
}
