import { api } from '../providers/http'

/** Some endpoints answer `{status: 0, data}`, REST resources the plain value: accept both. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const envelope = body as { status?: unknown; data?: unknown }
    if (typeof envelope.status === 'number' && 'data' in envelope) return envelope.data as T
  }
  return body as T
}

export interface FieldError {
  field: string
  message: string
}

export interface ApiFailure {
  status?: number
  message: string
  fields: FieldError[]
}

/** The HTTP status, the translated message and the field errors (422) of a failed call. */
export function failureOf(error: any): ApiFailure {
  const data = error?.response?.data
  const fields: FieldError[] = Array.isArray(data?.errors)
    ? data.errors
        .filter((item: any) => item && typeof item.message === 'string')
        .map((item: any) => ({ field: String(item.field ?? ''), message: item.message as string }))
    : []
  const message =
    (typeof data?.message === 'string' && data.message) ||
    fields[0]?.message ||
    error?.message ||
    ''
  // A rule of a service (cookie not JSON, too early …) names its field in `data.field`.
  if (!fields.length && typeof data?.data?.field === 'string')
    fields.push({ field: data.data.field, message })
  return { status: error?.statusCode ?? error?.response?.status, message, fields }
}

/** A blob error body (downloads) carries the JSON `{status, message}` as text. */
async function blobMessage(error: any): Promise<string | undefined> {
  const data = error?.response?.data
  if (data instanceof Blob) {
    try {
      const parsed = JSON.parse(await data.text())
      return typeof parsed?.message === 'string' ? parsed.message : undefined
    } catch {
      return undefined
    }
  }
  return undefined
}

function fileNameOf(disposition: string | undefined, fallback: string) {
  if (!disposition) return fallback
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (star) return decodeURIComponent(star[1])
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain ? plain[1] : fallback
}

/**
 * Downloads a file through the admin's HTTP client (so the `token` header
 * travels with it) and saves it through an object URL.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  params?: Record<string, unknown>
) {
  try {
    const response = await api.get(url, { params, responseType: 'blob' })
    const name = fileNameOf(
      response.headers['content-disposition'] as string | undefined,
      fallbackName
    )
    const href = URL.createObjectURL(response.data as Blob)
    const link = document.createElement('a')
    link.href = href
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(href), 10_000)
    return name
  } catch (error: any) {
    const message = await blobMessage(error)
    throw Object.assign(error ?? new Error('download failed'), message ? { message } : {})
  }
}
