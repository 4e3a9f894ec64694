import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { ChildProcess } from 'node:child_process'
import * as tus from 'tus-js-client'
import type { BenchContext } from '#bench/context'
import { freePort, startServer } from '#bench/http'
import { rssOf } from '#bench/soak'
import { benchAdmin } from '#bench/targets'
import TokenService from '#services/auth/token_service'
import { TRANSFER_FOLDER, TRANSFER_PATH } from '#services/uploads/transfers'

/** The upload bench's ceiling for the server's RSS growth during one upload (issue 15). */
export const UPLOAD_RSS_GROWTH_TARGET_MB = 100
/** The file's size when the run names none (`--upload-mb`). */
export const UPLOAD_DEFAULT_MB = 2048
/** The size of each PATCH the client sends (tus-js-client's chunkSize). */
const PART_BYTES = 64 * 1024 * 1024
/** The generated file is written in blocks of this size. */
const BLOCK_BYTES = 4 * 1024 * 1024
/** How often the server's RSS is read. */
const SAMPLE_MS = 100
/** The client retries every this many ms while the server is down (a minute in all). */
const RETRY_MS = 100
const RETRIES = 600
/** Access tokens live 15 minutes (TokenService): a fresh one after this long. */
const TOKEN_REFRESH_MS = 10 * 60_000

/** The figures of one upload bench run. */
export interface UploadFigures {
  bytes: number
  /** Bytes the server held when it was killed, and its offset read back after the restart. */
  killedAt: number
  resumedFrom: number
  /** Seconds spent sending (the outage excluded), and the whole upload's. */
  sendingSeconds: number
  wallSeconds: number
  /** Each server process: RSS when ready, its peak during the upload, MB. */
  processes: { readyMb: number; peakMb: number }[]
  /** From the restarted server answering /api/health to … */
  resume: { offsetReadMs: number; bytesFlowingMs: number; partAcceptedMs: number }
  restartSeconds: number
  hashMatches: boolean
  sizeMatches: boolean
}

/**
 * Writes `bytes` of generated data to `path` as a stream (one 4 MB random
 * block, each copy stamped with its index so no two blocks are equal) and
 * answers its sha256. Never more than a few blocks are in memory.
 */
async function generateFile(path: string, bytes: number) {
  const base = randomBytes(BLOCK_BYTES)
  const hash = createHash('sha256')
  async function* blocks() {
    for (let offset = 0, index = 0; offset < bytes; offset += BLOCK_BYTES, index++) {
      const block = Buffer.from(base.subarray(0, Math.min(BLOCK_BYTES, bytes - offset)))
      block.writeUInt32BE(index, 0)
      hash.update(block)
      yield block
    }
  }
  await pipeline(blocks(), createWriteStream(path))
  return hash.digest('hex')
}

/**
 * Where the server is killed: half-way through the part that holds the
 * file's middle, so that a part is in flight (at most 90 % of the file).
 */
function killPoint(total: number) {
  const middlePart = Math.floor(total / 2 / PART_BYTES)
  return Math.min(middlePart * PART_BYTES + PART_BYTES / 2, total * 0.9)
}

async function sha256Of(path: string) {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

/** The highest RSS of a process, read every SAMPLE_MS until stopped. */
function sampleRss(pid: number) {
  const readyMb = rssOf(pid)
  let peakMb = readyMb
  const timer = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, rssOf(pid))
    } catch {
      // the process is gone (killed): its last reading stands
    }
  }, SAMPLE_MS)
  return {
    stop: () => {
      clearInterval(timer)
      return { readyMb, peakMb }
    },
  }
}

async function stopServer(server: ChildProcess, signal: NodeJS.Signals) {
  if (server.exitCode !== null || server.signalCode !== null) return
  const exited = once(server, 'exit')
  server.kill(signal)
  await exited
}

/**
 * `npm run bench -- --only upload [--upload-mb 2048]`: a generated file
 * (2 GB by default) is sent with tus-js-client — the maintained tus client,
 * from Node, reading the file from disk one PATCH at a time — through the
 * resumable endpoint (/api/video/upload_file) of the production server
 * started as a child process against the bench database, with its Drive in
 * a temporary folder. Half-way, with a part in flight, the server is
 * killed (SIGKILL) and started again; the client goes on from the offset
 * the new server reads back. It prints MB/s, each server process's RSS
 * growth during the upload (target ≤ 100 MB), the time from the restarted
 * server being ready to the upload continuing, and whether the stored file
 * has the source's size and sha256. The temporary folder is removed
 * afterwards.
 */
export async function measureUpload(context: BenchContext) {
  const log = (line: string) => context.logger.log(line)
  const mb = context.options.uploadMb ?? UPLOAD_DEFAULT_MB
  const bytes = Math.round(mb * 1024 * 1024)
  const folder = await mkdtemp(join(tmpdir(), 'mcn-bench-upload-'))
  const driveRoot = join(folder, 'drive')
  const source = join(folder, 'source.bin')
  let server: ChildProcess | null = null
  try {
    log(`upload: generating ${mb} MB in ${folder} …`)
    const generated = Date.now()
    const sourceHash = await generateFile(source, bytes)
    log(`upload: generated in ${((Date.now() - generated) / 1000).toFixed(1)} s`)

    const admin = await benchAdmin()
    const freshToken = async () => {
      const pair = await TokenService.issuePair(admin)
      return pair.token
    }
    let token = await freshToken()
    let tokenAt = Date.now()
    const port = await freePort(context.options.port)
    const base = `http://127.0.0.1:${port}`
    // the restart runs the same build (not one recompiled from files changed meanwhile)
    const start = (sameBuild = false) =>
      startServer(context, port, { env: { DRIVE_ROOT: driveRoot }, sameBuild })
    server = await start()
    let sampler = sampleRss(server.pid!)
    const processes: UploadFigures['processes'] = []

    const figures = await new Promise<
      Omit<UploadFigures, 'processes' | 'hashMatches' | 'sizeMatches'>
    >((resolve, reject) => {
      const startedAt = Date.now()
      let killedAt = 0
      let killedBytes = 0
      let readyAt = 0
      let restartSeconds = 0
      let resumedFrom = -1
      let offsetReadAt = 0
      let flowingAt = 0
      let acceptedAt = 0
      let killing = false

      const restart = async () => {
        killedAt = Date.now()
        await stopServer(server!, 'SIGKILL')
        processes.push(sampler.stop())
        server = await start(true)
        readyAt = Date.now()
        restartSeconds = (readyAt - killedAt) / 1000
        sampler = sampleRss(server.pid!)
        log(
          `upload: server killed at ${Math.round(killedBytes / 1048576)} MB sent, ready again after ${restartSeconds.toFixed(1)} s`
        )
      }

      const upload = new tus.Upload(createReadStream(source) as unknown as Buffer, {
        endpoint: `${base}${TRANSFER_PATH}`,
        chunkSize: PART_BYTES,
        retryDelays: Array.from({ length: RETRIES }, () => RETRY_MS),
        metadata: { filename: 'bench.mp4', filetype: 'video/mp4' },
        onBeforeRequest: async (request) => {
          if (Date.now() - tokenAt > TOKEN_REFRESH_MS) {
            token = await freshToken()
            tokenAt = Date.now()
          }
          request.setHeader('token', token)
        },
        onAfterResponse: (request, response) => {
          if (!readyAt || offsetReadAt || request.getMethod() !== 'HEAD') return
          if (response.getStatus() !== 200) return
          offsetReadAt = Date.now()
          resumedFrom = Number(response.getHeader('Upload-Offset'))
        },
        onProgress: (sent, total) => {
          if (!killing && sent >= killPoint(total)) {
            killing = true
            killedBytes = sent
            restart().catch(reject)
          }
          if (offsetReadAt && !flowingAt && sent > resumedFrom) flowingAt = Date.now()
        },
        onChunkComplete: () => {
          if (flowingAt && !acceptedAt) acceptedAt = Date.now()
        },
        onError: reject,
        onSuccess: () => {
          const endedAt = Date.now()
          if (!acceptedAt) return reject(new Error('the upload finished without a restart'))
          resolve({
            bytes,
            killedAt: killedBytes,
            resumedFrom,
            sendingSeconds: (killedAt - startedAt + (endedAt - offsetReadAt)) / 1000,
            wallSeconds: (endedAt - startedAt) / 1000,
            resume: {
              offsetReadMs: offsetReadAt - readyAt,
              bytesFlowingMs: flowingAt - readyAt,
              partAcceptedMs: acceptedAt - readyAt,
            },
            restartSeconds,
          })
        },
      })
      upload.start()
    })
    processes.push(sampler.stop())

    // the stored file: the transfer's id is the only file (besides its .json) in the folder
    const stored = join(driveRoot, TRANSFER_FOLDER)
    const names = await readdir(stored)
    const id = names.find((name) => !name.endsWith('.json'))
    const path = id ? join(stored, id) : null
    const stats = path ? await stat(path) : null
    const size = stats ? stats.size : -1
    const hash = path ? await sha256Of(path) : ''
    const result: UploadFigures = {
      ...figures,
      processes,
      sizeMatches: size === bytes,
      hashMatches: hash === sourceHash,
    }
    printUpload(context, result)
    return result
  } finally {
    if (server) await stopServer(server, 'SIGTERM')
    await rm(folder, { recursive: true, force: true })
  }
}

function printUpload(context: BenchContext, figures: UploadFigures) {
  const log = (line: string) => context.logger.log(line)
  const mb = (value: number) => Math.round(value / 1048576)
  const growths = figures.processes.map((process) => process.peakMb - process.readyMb)
  const growth = Math.max(...growths)
  const verdict = growth <= UPLOAD_RSS_GROWTH_TARGET_MB ? 'meets' : 'MISSES'
  log('')
  log(
    `Upload: ${mb(figures.bytes)} MB through ${TRANSFER_PATH} (tus-js-client from Node, ` +
      `${mb(PART_BYTES)} MB parts), the server killed (SIGKILL) at ${mb(figures.killedAt)} MB sent`
  )
  log(
    `  throughput  ${(mb(figures.bytes) / figures.sendingSeconds).toFixed(1)} MB/s ` +
      `(${figures.sendingSeconds.toFixed(1)} s sending; ${figures.wallSeconds.toFixed(1)} s in all ` +
      `with the restart)`
  )
  figures.processes.forEach((process, index) => {
    log(
      `  server ${index === 0 ? 'before the kill' : 'after the restart'}: RSS ${process.readyMb} MB ` +
        `when ready, peak ${process.peakMb} MB, growth ${process.peakMb - process.readyMb} MB`
    )
  })
  log(`  peak RSS growth ${growth} MB (${verdict} the ${UPLOAD_RSS_GROWTH_TARGET_MB} MB target)`)
  log(
    `  restart: the server was ready ${figures.restartSeconds.toFixed(1)} s after the kill; ` +
      `from ready, the offset was read back (HEAD, ${mb(figures.resumedFrom)} MB) after ` +
      `${figures.resume.offsetReadMs} ms, bytes flowed after ${figures.resume.bytesFlowingMs} ms, ` +
      `the first part was accepted after ${figures.resume.partAcceptedMs} ms`
  )
  log(
    `  stored file: size ${figures.sizeMatches ? 'matches' : 'DIFFERS'}, sha256 ` +
      `${figures.hashMatches ? 'matches' : 'DIFFERS'}`
  )
}
