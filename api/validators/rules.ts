import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { LIMITS } from '#shared/constants'
import * as zxcvbnCommon from '@zxcvbn-ts/language-common'

/*
|--------------------------------------------------------------------------
| Rules and parsers shared by the validators
|--------------------------------------------------------------------------
*/

/** Largest id an unsigned INT column holds. */
export const MAX_ID = 2_147_483_647

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
/** Days outside these bounds cannot hold snapshots; refusing them keeps SQL date comparisons sane. */
const FIRST_DAY = '2000-01-01'
const LAST_DAY = '2999-12-31'

/** '' (an empty query parameter or form field) or null is "not given". */
export function blankToUndefined(value: unknown) {
  return value === '' || value === null ? undefined : value
}

/** `1,2`, `[1, 2]`, `['1', '2']` or `1` → a list; '' → not given. */
export function toList(value: unknown) {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
  }
  if (typeof value === 'number') return [value]
  return value
}

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string) {
  return DAY_PATTERN.test(value) && DateTime.fromISO(value, { zone: 'utc' }).isValid
}

/** Whether `value` is a real calendar day written YYYY-MM-DD between 2000 and 2999. */
export function isDay(value: string) {
  return isCalendarDay(value) && value >= FIRST_DAY && value <= LAST_DAY
}

/** A real calendar day written YYYY-MM-DD (reported as `date`, worded in validator.json). */
export const isoDay = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (!isDay(value)) field.report('The {{ field }} field must be a date', 'date', field)
})

/**
 * Each item is one of `choices` (reported as `enum` on the list itself, so the
 * message names the field rather than an index); duplicates are dropped.
 */
export const oneOfEach = vine.createRule(
  (value, options: { choices: readonly string[] }, field) => {
    if (!Array.isArray(value)) return
    for (const item of value) {
      if (typeof item !== 'string' || !options.choices.includes(item)) {
        field.report('The selected {{ field }} is invalid', 'enum', field)
        return
      }
    }
    field.mutate([...new Set(value)], field)
  }
)

/** Every item is a positive whole number (ids in a query string); duplicates are dropped. */
export const idEach = vine.createRule((value, _options, field) => {
  if (!Array.isArray(value)) return
  const ids: number[] = []
  for (const item of value) {
    const id =
      typeof item === 'number'
        ? item
        : typeof item === 'string' && /^\d{1,10}$/.test(item)
          ? Number(item)
          : Number.NaN
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
      field.report('The {{ field }} field must be a number', 'number', field)
      return
    }
    ids.push(id)
  }
  field.mutate([...new Set(ids)], field)
})

/** `_order` of a simple-rest list: asc or desc, either case (an empty value counts as absent). */
export const sortOrder = () =>
  vine
    .enum(['asc', 'desc', 'ASC', 'DESC'] as const)
    .parse(blankToUndefined)
    .optional()

/*
 * Weak passwords: zxcvbn-ts (with its common-password, name and keyboard
 * dictionaries) estimates how guessable a password is; below score 2
 * ("somewhat guessable": 10^6 guesses or fewer) it is refused. The fields the
 * person typed beside it (email, name) count as guessable words too.
 */
let guesser: ZxcvbnFactory | null = null
function guessScore(password: string, userInputs: string[]) {
  guesser ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
  })
  return guesser.check(password, userInputs).score
}

/** Refuses passwords that are common or easy to guess (reported as `strongPassword`). */
export const strongPassword = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string' || !field.isValid) return
  const parent = (field.parent ?? {}) as Record<string, unknown>
  // Whole values, and their pieces: an email's name part, words of a name.
  const inputs = ['email', 'account', 'name', 'channel_name', 'company_name']
    .map((key) => parent[key])
    .filter((input): input is string => typeof input === 'string' && input.length > 0)
    .flatMap((input) => [input, input.split('@')[0], ...input.split(/[^\p{L}\p{N}]+/u)])
    .filter((piece) => piece.length >= 3)
  if (guessScore(value, inputs) < 2) {
    field.report('The {{ field }} is too easy to guess', 'strongPassword', field)
  }
})

/** A password a person sets for a studio account: the length limits and not easy to guess. */
export const newPassword = () =>
  vine.string().minLength(LIMITS.passwordMin).maxLength(LIMITS.passwordMax).use(strongPassword())
