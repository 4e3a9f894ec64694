import { useCallback, useEffect, useRef, useState } from 'react'
import { Upload } from 'tus-js-client'
import { UPLOAD_TRANSFER_PATH } from '@shared/uploads'
import { getLanguage, session } from '../../providers/session'
import { readDuration, sniffImage, sniffVideo, type FileProblem } from './file-checks'

export type TransferKind = 'video' | 'thumbnail'

export interface TransferState {
  file: File | null
  status: 'idle' | 'checking' | 'uploading' | 'done' | 'error'
  sent: number
  total: number
  /** The finished transfer's id, sent with the submission. */
  uploadId: string | null
  /** The bytes the server already held when this transfer continued an earlier one. */
  resumedFrom: number | null
  /** A problem found in the browser (a message key of `uploads.files`). */
  problem: FileProblem | null
  /** The transfer's failure as the server or the network put it. */
  error: string | null
  /** The video's length in seconds, read in the browser (null while unknown). */
  durationS: number | null
}

const IDLE: TransferState = {
  file: null,
  status: 'idle',
  sent: 0,
  total: 0,
  uploadId: null,
  resumedFrom: null,
  problem: null,
  error: null,
  durationS: null,
}

/** Each PATCH carries this much; a lost connection costs at most one part. */
const CHUNK_BYTES = 8 * 1024 * 1024
/** Waits before each retry of a failed request (a blink of the network or a server restart). */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000]
/** Progress is drawn at most this often. */
const DRAW_EVERY_MS = 150

/** The id of an upload from its URL (`/api/video/upload_file/<id>`). */
const idOf = (url: string | null) => (url ? decodeURIComponent(url.split('/').pop() ?? '') : null)

/**
 * One file of the station sent with the resumable protocol (tus) straight
 * to the server: checked by its bytes first, then sent in parts. The
 * browser remembers each file's upload, so a file chosen again after a
 * reload (or a server restart) continues where it stopped.
 */
export function useTransfer(kind: TransferKind) {
  const [state, setState] = useState<TransferState>(IDLE)
  const upload = useRef<Upload | null>(null)
  const drawnAt = useRef(0)

  const stop = useCallback(() => {
    const current = upload.current
    upload.current = null
    // keep the server's part: the same file chosen again continues from it
    if (current) void current.abort(false).catch(() => undefined)
  }, [])

  useEffect(() => stop, [stop])

  const choose = useCallback(
    async (file: File) => {
      stop()
      setState({ ...IDLE, file, status: 'checking', total: file.size })
      const problem = kind === 'video' ? await sniffVideo(file) : await sniffImage(file)
      if (problem) {
        setState({ ...IDLE, file, status: 'error', problem, total: file.size })
        return
      }
      const durationS = kind === 'video' ? await readDuration(file) : null
      let resumed = false
      const transfer = new Upload(file, {
        endpoint: UPLOAD_TRANSFER_PATH,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', kind },
        onBeforeRequest: (request) => {
          const token = session.getToken()
          if (token) request.setHeader('token', token)
          request.setHeader('lang', getLanguage())
        },
        onProgress: (sent, total) => {
          if (upload.current !== transfer) return
          const now = Date.now()
          if (now - drawnAt.current < DRAW_EVERY_MS && sent < total) return
          drawnAt.current = now
          setState((previous) => ({
            ...previous,
            sent,
            total,
            resumedFrom: resumed && previous.resumedFrom === null ? sent : previous.resumedFrom,
          }))
        },
        onSuccess: () => {
          if (upload.current !== transfer) return
          setState((previous) => ({
            ...previous,
            status: 'done',
            sent: file.size,
            uploadId: idOf(transfer.url),
          }))
        },
        onError: (error) => {
          if (upload.current !== transfer) return
          const response = (error as { originalResponse?: { getBody(): string } | null })
            .originalResponse
          // the server words its refusals in the reader's language; the client's own
          // message (a lost connection, after its retries) is technical English, so
          // the station says "upload failed" instead and offers the retry
          let message: string | null = null
          try {
            const body = JSON.parse(response?.getBody() ?? '') as { message?: string }
            if (body.message) message = body.message
          } catch {
            // no answer, or not one of the studio's
          }
          setState((previous) => ({ ...previous, status: 'error', error: message }))
        },
      })
      upload.current = transfer
      setState((previous) => ({ ...previous, status: 'uploading', durationS }))
      const previous = await transfer.findPreviousUploads().catch(() => [])
      if (upload.current !== transfer) return
      const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0]
      if (latest) {
        resumed = true
        transfer.resumeFromPreviousUpload(latest)
      }
      transfer.start()
    },
    [kind, stop]
  )

  /** Forgets the file (the server's part stays for a later choice of the same file). */
  const clear = useCallback(() => {
    stop()
    setState(IDLE)
  }, [stop])

  /** Sends the same file again after a failure. */
  const retry = useCallback(() => {
    if (state.file) void choose(state.file)
  }, [choose, state.file])

  return { kind, state, choose, clear, retry }
}
export type Transfer = ReturnType<typeof useTransfer>
