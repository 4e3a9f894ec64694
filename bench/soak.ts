import { readFileSync } from 'node:fs'
import type { BenchContext } from '#bench/context'
import type { DatasetReport } from '#bench/dataset'
import { freePort, startServer } from '#bench/http'
import { addDays, benchAdmin } from '#bench/targets'
import TokenService from '#services/auth/token_service'
import studioConfig from '#config/studio'
import { PLATFORMS } from '#shared/constants'

/** The soak's ceiling for the server's resident memory. */
export const SOAK_RSS_TARGET_MB = 600

/** The server's resident memory (VmRSS), MB. */
export function rssOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

/**
 * The n-th of an unbounded variety of dashboard queries: windows of 1–60
 * days ending anywhere in the last year, every platform and none, both
 * sorts, several pages, the overview and the ranked list — every one
 * distinct, so no answer is ever served twice from the cache.
 */
function query(index: number, end: string) {
  const brand = studioConfig.brand
  const platforms = [null, ...PLATFORMS.slice(0, 6)]
  const back = index % 365
  const span = 1 + (Math.floor(index / 365) % 60)
  const to = addDays(end, -back)
  const from = addDays(to, -span)
  const platform = platforms[Math.floor(index / (365 * 60)) % platforms.length]
  const filters = `start=${from}&end=${to}${platform ? `&platform=${platform}` : ''}`
  if (index % 2 === 0) return `/api/${brand}_dashboard?${filters}`
  const sort = index % 4 === 1 ? 'views' : 'fans'
  return `/api/dashboard/list?sort=${sort}&offset=${(index % 3) * 20}&limit=20&${filters}`
}

/**
 * `npm run bench -- --soak`: the server answers `queries` distinct
 * dashboard queries (default 20,000) over the bench dataset (use
 * `--creators 5000` for the issue's size) while its RSS is sampled; with
 * the caches' byte budget the curve must level off below 600 MB.
 */
export async function measureSoak(context: BenchContext, dataset: DatasetReport) {
  const total = context.options.soakQueries ?? 20_000
  const admin = await benchAdmin()
  // access tokens live 15 minutes: a fresh one every 1,000 queries
  const freshToken = async () => {
    const pair = await TokenService.issuePair(admin)
    return pair.token
  }
  let token = await freshToken()
  const port = await freePort(context.options.port)
  const server = await startServer(context, port)
  const base = `http://127.0.0.1:${port}`
  const samples: { done: number; rss: number; seconds: number }[] = []
  const started = Date.now()
  let next = 0
  let failures = 0
  const sampleEvery = Math.max(1, Math.floor(total / 20))
  try {
    samples.push({ done: 0, rss: rssOf(server.pid!), seconds: 0 })
    const worker = async () => {
      while (next < total) {
        const index = next++
        const response = await fetch(`${base}${query(index, dataset.marker.end)}`, {
          headers: { token },
        }).catch(() => null)
        if (!response?.ok) failures++
        await response?.arrayBuffer()
        if ((index + 1) % 1000 === 0) token = await freshToken()
        if ((index + 1) % sampleEvery === 0) {
          const sample = {
            done: index + 1,
            rss: rssOf(server.pid!),
            seconds: Math.round((Date.now() - started) / 100) / 10,
          }
          samples.push(sample)
          context.logger.log(
            `soak: ${sample.done} queries, ${sample.seconds} s, RSS ${sample.rss} MB`
          )
        }
      }
    }
    await Promise.all(Array.from({ length: context.options.connections }, () => worker()))
  } finally {
    server.kill('SIGTERM')
  }

  const log = (line: string) => context.logger.log(line)
  log('')
  log(
    `Soak: ${total} distinct dashboard queries, ${dataset.marker.creators} creators, ` +
      `cache budget ${Math.round(studioConfig.cacheBudgetBytes / 1024 / 1024)} MB` +
      (failures ? `, ${failures} failed` : '')
  )
  log('  queries   seconds   RSS MB')
  for (const sample of samples) {
    log(
      `  ${String(sample.done).padStart(7)}   ${String(sample.seconds).padStart(7)}   ${String(sample.rss).padStart(6)}`
    )
  }
  const peak = Math.max(...samples.map((sample) => sample.rss))
  const half = samples.slice(Math.floor(samples.length / 2))
  const growth = half.length > 1 ? half[half.length - 1].rss - half[0].rss : 0
  const verdict = peak < SOAK_RSS_TARGET_MB ? 'ok' : `MISSES the ${SOAK_RSS_TARGET_MB} MB target`
  log(`  peak ${peak} MB (${verdict}); second half grew ${growth} MB`)
}
