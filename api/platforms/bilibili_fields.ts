import { PlatformError } from '#platforms/types'

/*
| Reading Bilibili's answers (bilibili.ts, bilibili_client.ts): an object, a
| field or a counter an answer must have, else a 'bad_response'
| PlatformError.
*/

export type Json = Record<string, unknown>

export function badResponse(path: string, what: string) {
  return new PlatformError(
    'bilibili',
    'bad_response',
    `Bilibili's answer to ${path} lacks ${what}`,
    {
      retryable: false,
    }
  )
}

export function object(data: Json, name: string, path: string): Json {
  const value = data[name]
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(path, `the object "${name}"`)
  }
  return value as Json
}

export function stringField(data: Json, name: string, path: string): string {
  const value = data[name]
  if (typeof value !== 'string' || value === '') throw badResponse(path, `the field "${name}"`)
  return value
}

/**
 * A non-negative counter. Numbers and numeric strings are read; Bilibili
 * shows "--" for hidden counts, read as 0 when `lenient`.
 */
export function counter(data: Json, name: string, path: string, lenient = false): number {
  const value = data[name]
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number === 'number' && Number.isFinite(number)) return Math.max(0, Math.trunc(number))
  if (lenient && (value === '--' || value === undefined || value === null)) return 0
  throw badResponse(path, `the counter "${name}"`)
}
