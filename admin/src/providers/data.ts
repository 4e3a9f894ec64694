import type { DataProvider, HttpError, ValidationErrors } from '@refinedev/core'
import simpleRest, { generateFilter, generateSort, stringify } from '@refinedev/simple-rest'
import type { AxiosProgressEvent, ResponseType } from 'axios'
import { api } from './http'
import { takeEarly } from './early-answers'

/**
 * The one data path of the admin: Refine's simple-rest provider on the
 * admin's HTTP client (so the `token` header and the session's -101/-1
 * handling apply to every call). Lists read `x-total-count`; filters travel
 * as `field`, `field_like`, `_start`/`_end`; updates are PATCH.
 *
 * On top of simple-rest:
 * - custom calls (`useCustom`, `useCustomMutation`) answer the `data` of a
 *   `{status, data}` envelope (plain bodies as they are), and so do lists
 *   and records of the few endpoints that answer in that envelope (the
 *   letter recipients, for a picker);
 * - every failure is a Refine `HttpError`: `statusCode`, the server's
 *   translated `message`, and for a 422 the field errors as `errors`
 *   (`errors[]` of the validator, or `data.field` of a service rule), which
 *   Refine's forms put on their fields. `data` keeps the body's extras (an
 *   import's row errors, the collection run already under way);
 * - `meta.responseType: 'blob'` downloads a file: `{blob, fileName}`;
 *   `meta.onUploadProgress` follows an upload.
 */

/** Some endpoints answer `{status: 0, data}`, REST resources the plain value: accept both. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const envelope = body as { status?: unknown; data?: unknown }
    if (typeof envelope.status === 'number' && 'data' in envelope) return envelope.data as T
  }
  return body as T
}

interface ErrorBody {
  status?: number
  message?: string
  errors?: { field?: string; rule?: string; message?: string }[]
  data?: { field?: unknown } & Record<string, unknown>
}

/** A download's error body arrives as a Blob holding the JSON `{status, message}`. */
async function bodyOf(data: unknown): Promise<ErrorBody | undefined> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text()) as ErrorBody
    } catch {
      return undefined
    }
  }
  return data && typeof data === 'object' ? (data as ErrorBody) : undefined
}

/** The field errors of a 422 body, field → messages in the server's order. */
function validationErrors(body: ErrorBody | undefined, message: string): ValidationErrors {
  const errors: Record<string, string[]> = {}
  for (const item of Array.isArray(body?.errors) ? body.errors : []) {
    if (!item || typeof item.message !== 'string') continue
    const field = String(item.field ?? '')
    errors[field] = [...(errors[field] ?? []), item.message]
  }
  // A rule of a service (cookie not JSON, too early …) names its field in `data.field`.
  if (!Object.keys(errors).length && typeof body?.data?.field === 'string') {
    errors[body.data.field] = [message]
  }
  return errors
}

/** Any failure of the HTTP client as Refine's HttpError (the original error's response kept). */
export async function toHttpError(error: unknown): Promise<HttpError> {
  const failure = (error ?? {}) as {
    message?: string
    statusCode?: number
    response?: { status?: number; data?: unknown }
  }
  const body = await bodyOf(failure.response?.data)
  const firstField = Array.isArray(body?.errors) ? body.errors[0]?.message : undefined
  const message =
    (typeof body?.message === 'string' && body.message) || firstField || failure.message || ''
  return Object.assign(error instanceof Error ? error : new Error(message), {
    message,
    statusCode: failure.statusCode ?? failure.response?.status ?? 0,
    errors: validationErrors(body, message),
    data: body?.data,
  }) as HttpError
}

function fileNameOf(disposition: string | undefined) {
  if (!disposition) return undefined
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (star) return decodeURIComponent(star[1])
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain ? plain[1] : undefined
}

/** A downloaded file and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob
  fileName?: string
}

const rest = simpleRest('/api', api)

const custom: NonNullable<DataProvider['custom']> = async ({
  url,
  method,
  filters,
  sorters,
  payload,
  query,
  headers,
  meta,
}) => {
  const sort = generateSort(sorters)
  const params = {
    ...(sort ? { _sort: sort._sort.join(','), _order: sort._order.join(',') } : {}),
    ...generateFilter(filters),
    ...(query as Record<string, unknown> | undefined),
  }
  const responseType = (meta?.responseType as ResponseType | undefined) ?? 'json'
  const response = await api.request({
    url,
    method,
    data: method === 'get' ? undefined : payload,
    params,
    paramsSerializer: { serialize: (values) => stringify(values) },
    headers: headers as Record<string, string> | undefined,
    responseType,
    onUploadProgress: meta?.onUploadProgress as ((event: AxiosProgressEvent) => void) | undefined,
  })
  if (responseType === 'blob') {
    const file: DownloadedFile = {
      blob: response.data as Blob,
      fileName: fileNameOf(response.headers['content-disposition'] as string | undefined),
    }
    return { data: file as any }
  }
  return { data: unwrap(response.data) }
}

/** Every call of the provider, its failures as HttpError. */
function withHttpErrors<T extends Record<string, unknown>>(provider: T): T {
  const wrapped: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(provider)) {
    wrapped[name] =
      typeof value === 'function' && name !== 'getApiUrl'
        ? async (...args: unknown[]) => {
            try {
              return await value(...args)
            } catch (error) {
              throw await toHttpError(error)
            }
          }
        : value
  }
  return wrapped as T
}

const getList = (async (params) => {
  const { data, total } = await rest.getList(params)
  const rows = unwrap<typeof data>(data)
  return { data: rows, total: Array.isArray(data) ? total : rows.length }
}) as DataProvider['getList']

/** A record the opened screen's address asked for at start-up is taken from there (early-answers.ts). */
const getOne = (async (params) => {
  const plain = !params.meta?.headers && (params.meta?.method ?? 'get') === 'get'
  const early = plain ? takeEarly(`/api/${params.resource}/${params.id}`) : undefined
  const { data } = early ? await early : await rest.getOne(params)
  return { data: unwrap<typeof data>(data) }
}) as DataProvider['getOne']

export const dataProvider = withHttpErrors({ ...rest, getList, getOne, custom }) as DataProvider
