import { numberFormat } from './number-formats.js'

/*
 * A chart's value axis in the reader's language. Compact numbers keep the
 * axis short (12K · 1.2만 · 1.2万), but one decimal is not always enough:
 * ticks at 196, 198, 200, 202 million read 2억 on every line in Korean
 * (1억 is 100 million), 2亿 in Chinese, 2億 in Japanese. The ticks are
 * written with the fewest decimals (0 to 3) that keep every label apart from
 * its neighbours — 1.96억, 1.98억, 2억, 2.02억 — and in full when even three
 * are not enough. Pure functions: the unit tests import them (hence the
 * import's .js ending, which Node's resolution wants and Vite maps to .ts).
 */

const MAX_DIGITS = 3

function formatOf(language: string, digits: number | 'full') {
  return numberFormat(
    language,
    digits === 'full'
      ? { maximumFractionDigits: 2 }
      : { notation: 'compact', maximumFractionDigits: digits }
  )
}

const apart = (labels: string[]) => labels.every((label, i) => i === 0 || label !== labels[i - 1])

/** The labels of an axis's ticks (in their order), each apart from its neighbours. */
export function axisLabels(language: string, ticks: readonly number[]): string[] {
  for (let digits = 0; digits <= MAX_DIGITS; digits++) {
    const format = formatOf(language, digits)
    const labels = ticks.map((tick) => format.format(tick))
    if (apart(labels)) return labels
  }
  const full = formatOf(language, 'full')
  return ticks.map((tick) => full.format(tick))
}

/**
 * The label of `value`, one of the axis's `ticks` (what the chart library
 * hands a label formatter); a value not among them is labelled alone.
 */
export function axisLabel(language: string, value: number, ticks?: readonly number[]): string {
  const near = (tick: number) => Math.abs(tick - value) <= 1e-9 * Math.max(1, Math.abs(tick))
  const index = ticks ? ticks.findIndex(near) : -1
  return index < 0 ? axisLabels(language, [value])[0] : axisLabels(language, ticks!)[index]
}
