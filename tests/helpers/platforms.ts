import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PlatformError } from '#platforms/types'

/**
 * A local HTTP server standing in for a platform's API in the adapter tests:
 * `handle` answers each request (JSON body, raw text, status, headers, or a
 * delay to provoke timeouts); every request is recorded.
 */
export interface FakeAnswer {
  status?: number
  json?: unknown
  text?: string
  headers?: Record<string, string>
  delayMs?: number
}

export interface RecordedRequest {
  path: string
  query: URLSearchParams
  rawQuery: string
  headers: IncomingHttpHeaders
}

export type FakeHandler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>

export interface FakeServer {
  url: string
  requests: RecordedRequest[]
  /** Requests to one path (without the leading slash). */
  calls(path: string): RecordedRequest[]
  handle: FakeHandler
  close(): Promise<void>
}

export async function startFakeServer(handle: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = []
  const sockets = new Set<import('node:net').Socket>()
  const fake: FakeServer = {
    url: '',
    requests,
    calls: (path) => requests.filter((request) => request.path === path),
    handle,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const recorded: RecordedRequest = {
      path: url.pathname.replace(/^\//, ''),
      query: url.searchParams,
      rawQuery: url.search.replace(/^\?/, ''),
      headers: req.headers,
    }
    requests.push(recorded)
    try {
      const answer = await fake.handle(recorded)
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs))
      if (res.destroyed) return
      const body = answer.text ?? JSON.stringify(answer.json ?? {})
      res.writeHead(answer.status ?? 200, {
        'Content-Type': answer.text === undefined ? 'application/json' : 'text/html',
        ...answer.headers,
      })
      res.end(body)
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end(String(error))
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

/** A port nothing listens on (a server opened and closed again). */
export async function closedPortUrl() {
  const fake = await startFakeServer(() => ({}))
  const url = fake.url
  await fake.close()
  return url
}

/** Runs `fn` and returns the error it throws (fails when it does not throw). */
export async function rejection(fn: () => Promise<unknown>): Promise<any> {
  try {
    await fn()
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

/**
 * The PlatformError `fn` rejects with, checked to come from `platform` with
 * the code and retryability given.
 */
export async function platformError(
  assert: any,
  fn: () => Promise<unknown>,
  expected: { platform: string; code: string; retryable: boolean }
) {
  const error = await rejection(fn)
  assert.instanceOf(error, PlatformError)
  assert.equal(error.platform, expected.platform)
  assert.equal(error.code, expected.code)
  assert.equal(error.retryable, expected.retryable)
  return error
}
