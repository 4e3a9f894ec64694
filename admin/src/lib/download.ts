import { dataProvider, type DownloadedFile } from '../providers/data'

/**
 * Downloads a file through the data provider (so the `token` header travels
 * with it) and saves it through an object URL under the server's name (or
 * `fallbackName`). A failure is the provider's HttpError, its message read
 * from the `{status, message}` body.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  query?: Record<string, string | number | undefined>
) {
  const { data } = await dataProvider.custom!<DownloadedFile>({
    url,
    method: 'get',
    query,
    meta: { responseType: 'blob' },
  })
  const name = data.fileName ?? fallbackName
  const href = URL.createObjectURL(data.blob)
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
  return name
}

/** A multipart body holding one file (an upload: a workbook, an attachment, a picture). */
export function fileBody(file: Blob, field = 'file') {
  const body = new FormData()
  body.append(field, file)
  return body
}
