import type {
  BaseRecord,
  CrudFilters,
  CrudSorting,
  DataProvider,
  HttpError,
  ValidationErrors,
} from '@refinedev/core'
import { api, type HttpMethod, type HttpRequest, type HttpUploadProgress } from './http'
import { takeEarly } from './early-answers'

/**
 * The one data path of the admin: Refine's simple-rest conventions on the
 * admin's HTTP client (so the `token` header and the session's -101/-1
 * handling apply to every call). Resources live under /api/<resource>;
 * lists read `x-total-count`; filters travel as `field`, `field_ne`,
 * `field_gte`, `field_lte`, `field_like` and `q`, pages as `_start`/`_end`,
 * sorting as `_sort`/`_order`; several records as repeated `id`; creates are
 * POST, updates PATCH, deletes DELETE (`meta.method` and `meta.headers`
 * change a call's verb and headers).
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
const API_URL = '/api'

/** A filter's operator as the suffix of its query key (`eq` and `in` have none). */
const OPERATOR_SUFFIX: Partial<Record<string, string>> = {
  ne: '_ne',
  gte: '_gte',
  lte: '_lte',
  contains: '_like',
}

/** Refine's filters as query values; `q` travels as it is. */
function filterQuery(filters?: CrudFilters): Record<string, unknown> {
  const query: Record<string, unknown> = {}
  for (const filter of filters ?? []) {
    if (!('field' in filter)) {
      throw new Error(`The studio's API takes no '${filter.operator}' filter groups`)
    }
    const key = filter.field === 'q' ? 'q' : filter.field + (OPERATOR_SUFFIX[filter.operator] ?? '')
    query[key] = filter.value
  }
  return query
}

/** Refine's sorters as `_sort` and `_order`, comma-separated. */
function sortQuery(sorters?: CrudSorting): Record<string, string> {
  if (!sorters?.length) return {}
  return {
    _sort: sorters.map((sorter) => sorter.field).join(','),
    _order: sorters.map((sorter) => sorter.order).join(','),
  }
}

/** Some endpoints answer `{status: 0, data}`, REST resources the plain value: accept both. */
function unwrap<T>(body: unknown): T {
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
function toHttpError(error: unknown): HttpError {
  const failure = (error ?? {}) as {
    message?: string
    statusCode?: number
    response?: { status?: number; data?: unknown }
  }
  // the client parses every failed answer, a download's too
  const data = failure.response?.data
  const body = data && typeof data === 'object' ? (data as ErrorBody) : undefined
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

type Meta = { method?: HttpMethod; headers?: Record<string, string> } | undefined

/** One call of a REST resource: `meta.method` and `meta.headers` change its verb and headers. */
function call(
  path: string,
  meta: unknown,
  fallback: HttpMethod,
  extra: Pick<HttpRequest, 'query' | 'body'> = {}
) {
  const { method, headers } = (meta ?? {}) as NonNullable<Meta>
  return api.request({ url: `${API_URL}/${path}`, method: method ?? fallback, headers, ...extra })
}

const rest = {
  getApiUrl: () => API_URL,

  getList: (async ({ resource, pagination, filters, sorters, meta }) => {
    const { currentPage = 1, pageSize = 10, mode = 'server' } = pagination ?? {}
    const paging =
      mode === 'server'
        ? { _start: (currentPage - 1) * pageSize, _end: currentPage * pageSize }
        : {}
    const response = await call(resource, meta, 'get', {
      query: { ...paging, ...sortQuery(sorters), ...filterQuery(filters) },
    })
    const rows = unwrap<BaseRecord[]>(response.data)
    const total = Number(response.headers['x-total-count'])
    return { data: rows, total: Array.isArray(response.data) && total ? total : rows.length }
  }) as DataProvider['getList'],

  getMany: (async ({ resource, ids, meta }) => {
    const response = await call(resource, meta, 'get', { query: { id: ids } })
    return { data: unwrap(response.data) }
  }) as DataProvider['getMany'],

  /** A record the opened screen's address asked for at start-up is taken from there (early-answers.ts). */
  getOne: (async ({ resource, id, meta }) => {
    const plain = !(meta as Meta)?.headers && ((meta as Meta)?.method ?? 'get') === 'get'
    const early = plain ? takeEarly(`${API_URL}/${resource}/${id}`) : undefined
    const response = early ? await early : await call(`${resource}/${id}`, meta, 'get')
    return { data: unwrap(response.data) }
  }) as DataProvider['getOne'],

  create: (async ({ resource, variables, meta }) => {
    const response = await call(resource, meta, 'post', { body: variables })
    return { data: response.data }
  }) as DataProvider['create'],

  update: (async ({ resource, id, variables, meta }) => {
    const response = await call(`${resource}/${id}`, meta, 'patch', { body: variables })
    return { data: response.data }
  }) as DataProvider['update'],

  deleteOne: (async ({ resource, id, variables, meta }) => {
    const response = await call(`${resource}/${id}`, meta, 'delete', { body: variables })
    return { data: response.data }
  }) as DataProvider['deleteOne'],
}

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
  const responseType = meta?.responseType === 'blob' ? 'blob' : 'json'
  const response = await api.request({
    url,
    method,
    body: method === 'get' ? undefined : payload,
    query: {
      ...sortQuery(sorters),
      ...filterQuery(filters),
      ...(query as Record<string, unknown> | undefined),
    },
    headers: headers as Record<string, string> | undefined,
    responseType,
    onUploadProgress: meta?.onUploadProgress as ((event: HttpUploadProgress) => void) | undefined,
  })
  if (responseType === 'blob') {
    const file: DownloadedFile = {
      blob: response.data as Blob,
      fileName: fileNameOf(response.headers['content-disposition']),
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
              throw toHttpError(error)
            }
          }
        : value
  }
  return wrapped as T
}

export const dataProvider = withHttpErrors({ ...rest, custom }) as DataProvider
