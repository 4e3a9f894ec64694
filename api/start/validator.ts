import vine from '@vinejs/vine'

/*
|--------------------------------------------------------------------------
| Numbers are read strictly, in every validator
|--------------------------------------------------------------------------
| VineJS reads a number with `Number(value)`, which takes `true` as 1, `[]` as
| 0, "0x10" as 16 and "1e3" as 1000: `{"id": true}` once deleted creator 1.
| Every `vine.number()` (bodies, query strings, path parameters) goes through
| this one reader instead: a JSON number, or a string of decimal digits with
| an optional sign and fraction. Anything else is not a number (422).
*/
const DECIMAL = /^[+-]?(\d+(\.\d+)?|\.\d+)$/

function strictNumber(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value)
  return Number.NaN
}

vine.helpers.asNumber = strictNumber
