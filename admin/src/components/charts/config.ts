import type { ChartProps } from './types'

type Formats = Pick<ChartProps, 'formatValue' | 'formatAxis'>

/**
 * The value axis of every chart: the caller's axis format (handed all the
 * ticks, so compact labels stay apart), else its value format; no title.
 * `extra` adds the chart's own tick settings.
 */
export function valueAxis({ formatValue, formatAxis }: Formats, extra: object = {}) {
  return {
    labelFormatter: (value: number, _index: number, ticks: number[]) =>
      formatAxis ? formatAxis(value, ticks) : formatValue(value),
    title: false as const,
    ...extra,
  }
}

/** The tooltip of every chart: the value in the caller's format (`extra` names the series). */
export function valueTooltip(
  formatValue: (value: number) => string,
  extra: { name?: string } = {}
) {
  return {
    items: [{ channel: 'y', ...extra, valueFormatter: (value: number) => formatValue(value) }],
  }
}
