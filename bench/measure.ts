import autocannon from 'autocannon'

export interface Target {
  name: string
  /** One or more paths; autocannon cycles through them, so more than one cache key is hit. */
  paths: string[]
  method?: 'GET' | 'POST'
  body?: string
  /** Sent as the `token` header (a fresh pair per target). */
  auth?: boolean
  connections?: number
  /** What the server caches for this endpoint (printed next to the figures). */
  cache: string
  /** Answers come from MetricsCache: time the first hits separately after a data-version bump. */
  cold?: boolean
  /** Held to the speed targets of bench/context.ts (p95 ≤ 50 ms, ratio ≥ 0.5). */
  checked?: boolean
}

export interface Measurement {
  name: string
  requests: number
  p50: number
  p95: number
  p99: number
  rps: number
  errors: number
  statuses: Record<string, number>
  /** Every response time, ms (sorted). */
  times: number[]
  /** Seconds measured. */
  seconds: number
}

/** Exact percentile of a sorted list (nearest rank). */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}

/**
 * Runs autocannon against one target and computes p50/p95/p99 from every
 * response time (autocannon's own summary has p90 and p97.5, not p95).
 */
export function measure(
  base: string,
  target: Target,
  options: { duration: number; connections: number; headers: Record<string, string> }
): Promise<Measurement> {
  const headers: Record<string, string> = { ...options.headers }
  if (target.body) headers['content-type'] = 'application/json'
  const times: number[] = []
  const statuses: Record<string, number> = {}
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${target.paths[0]}`,
        method: target.method ?? 'GET',
        headers,
        body: target.body,
        connections: target.connections ?? options.connections,
        duration: options.duration,
        requests: target.paths.map((path) => ({
          method: target.method ?? 'GET',
          path,
          headers,
          body: target.body,
        })),
      },
      (error, result) => {
        clearTimeout(watchdog)
        if (error) return reject(error)
        times.sort((a, b) => a - b)
        resolve({
          name: target.name,
          requests: times.length,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          rps: result.requests.total / result.duration,
          errors: result.errors + result.timeouts + result.non2xx,
          statuses,
          times,
          seconds: result.duration,
        })
      }
    )
    // a server that stops answering must not hang the bench
    const watchdog = setTimeout(() => instance.stop(), (options.duration + 30) * 1000)
    instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
      times.push(time)
      statuses[status] = (statuses[status] ?? 0) + 1
    })
  })
}

/** Several measurements of one target as one (all response times, total rate). */
export function combine(name: string, parts: Measurement[]): Measurement {
  const times = parts.flatMap((part) => part.times).sort((a, b) => a - b)
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0)
  const statuses: Record<string, number> = {}
  for (const part of parts) {
    for (const [status, count] of Object.entries(part.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count
    }
  }
  return {
    name,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: parts.reduce((sum, part) => sum + part.rps * part.seconds, 0) / (seconds || 1),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    statuses,
    times,
    seconds,
  }
}

/** One request, timed from the first byte sent to the whole body read. */
export async function timeOnce(url: string, headers: Record<string, string>) {
  const started = performance.now()
  const response = await fetch(url, { headers })
  const body = await response.text()
  return { ms: performance.now() - started, status: response.status, bytes: body.length, body }
}
