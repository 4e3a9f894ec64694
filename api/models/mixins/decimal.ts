/**
 * A DECIMAL column read as fixed text with `places` decimals on SQLite and
 * MySQL alike (MySQL sends '190.5000', SQLite the number 190.5). The text is
 * exact: a DECIMAL of at most 15 significant digits round-trips through
 * SQLite's REAL unchanged, and the settlement's columns stay below that.
 */
export function decimalText(places: number) {
  return {
    consume: (value: unknown) => {
      if (value === null || value === undefined) return value as null
      const text = typeof value === 'number' ? numberText(value) : String(value).trim()
      return fixedText(text, places)
    },
  }
}

/** A number's shortest exact text without an exponent ('0.0001', not '1e-4'). */
function numberText(value: number) {
  const text = String(value)
  if (!/e/i.test(text)) return text
  return value.toFixed(20).replace(/\.?0+$/, '')
}

/** '190.5' → '190.5000' (places 4); never rounds: longer fractions are cut. */
function fixedText(text: string, places: number) {
  const negative = text.startsWith('-')
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.')
  const body = places ? `${whole}.${fraction.padEnd(places, '0').slice(0, places)}` : whole
  return negative && /[1-9]/.test(body) ? `-${body}` : body
}
