import type { HttpContext } from '@adonisjs/core/http'
import { API_STATUS } from '#shared/constants'

/** The `{status: 0, data}` envelope of SPEC §7 answers. */
export function ok<T>(data: T) {
  return { status: API_STATUS.OK, data }
}

/** JSON texts of answers already sent, per answer object (a cached answer is sent as is). */
const texts = new WeakMap<object, string>()

/**
 * `ok(data)` as JSON text, for the answers the metric endpoints keep in
 * their cache: the text is written once per answer object (answers taken
 * from a cache are never changed) with the engine's JSON.stringify, where the
 * framework's own serialiser walks every key in JavaScript (a third of a
 * request's time on the large panel answers). An answer the engine cannot
 * write (a BigInt) goes the framework's way.
 */
export function okJson(response: HttpContext['response'], data: object) {
  let text = texts.get(data)
  if (text === undefined) {
    try {
      text = JSON.stringify(ok(data))
    } catch {
      return ok(data)
    }
    texts.set(data, text)
  }
  response.header('content-type', 'application/json; charset=utf-8')
  return text
}

/** JSON texts of bare answers (no envelope: the REST resources), per answer object. */
const bareTexts = new WeakMap<object, string>()

/**
 * `data` itself as JSON text, written once per answer object like `okJson`:
 * for the REST resources' cached answers (which Refine reads without the
 * envelope).
 */
export function bareJson(response: HttpContext['response'], data: object) {
  let text = bareTexts.get(data)
  if (text === undefined) {
    try {
      text = JSON.stringify(data)
    } catch {
      return data
    }
    bareTexts.set(data, text)
  }
  response.header('content-type', 'application/json; charset=utf-8')
  return text
}
