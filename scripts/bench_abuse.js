/**
 * `npm run bench -- --abuse`: what hostile uploads cost the production
 * server. Starts the studio (scripts/bench_server.js), polls /api/health
 * every 50 ms and samples the server's RSS every 20 ms while it sends
 *   1. a zip bomb (~0.5 MB unpacking to ~300 MB) to the sales import, signed in;
 *   2. the same with zip headers that lie about the sizes;
 *   3. a 100,000-row sales workbook;
 *   4. a 200 MB file to POST /api/creators without a token;
 * and prints, for each: the answer, how long it took, the peak RSS growth,
 * the longest health answer, and the temp folder's bytes before and after.
 * Linux only (RSS read from /proc). Figures are printed, never asserted.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { demoAdminToken, option, withStudio } from './bench_server.js'
import { hostileWorkbook } from './hostile_workbook.js'

const MB = 1024 * 1024

/** The node process serving the port: start.js's child (or itself). */
function serverPid(startPid) {
  try {
    const children = execFileSync('pgrep', ['-P', String(startPid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
    return Number(children[0] ?? startPid)
  } catch {
    return startPid
  }
}

function rssOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
    return line ? Number(line[1]) * 1024 : 0
  } catch {
    return 0
  }
}

function tempBytes() {
  let total = 0
  for (const name of readdirSync(tmpdir())) {
    try {
      const info = statSync(join(tmpdir(), name))
      if (info.isFile()) total += info.size
    } catch {
      // gone meanwhile
    }
  }
  return total
}

/** A multipart body with one file, streamed in 1 MB pieces (never held whole). */
function sendFile(base, path, { token, bytes, size, filename }) {
  const boundary = `----bench${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const length = head.length + (bytes ? bytes.length : size) + tail.length
  return new Promise((resolve) => {
    const started = performance.now()
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
          ...(token ? { token } : {}),
        },
      },
      (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => {
          resolve({ status: res.statusCode, ms: performance.now() - started, body })
          req.destroy()
        })
      }
    )
    req.on('error', (error) =>
      resolve({ status: 0, ms: performance.now() - started, body: error.message })
    )
    req.write(head)
    if (bytes) {
      req.write(bytes)
      req.end(tail)
      return
    }
    const piece = Buffer.alloc(MB, 0x41)
    let sent = 0
    const pump = () => {
      while (sent < size) {
        const next = Math.min(MB, size - sent)
        sent += next
        if (!req.write(next === MB ? piece : piece.subarray(0, next)))
          return req.once('drain', pump)
      }
      req.end(tail)
    }
    pump()
  })
}

async function watch(base, pid, attack) {
  const rssBefore = rssOf(pid)
  const tmpBefore = tempBytes()
  let peak = rssBefore
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20)
  let running = true
  let longestHealth = 0
  let failedHealth = 0
  const poller = (async () => {
    while (running) {
      const started = performance.now()
      const ok = await fetch(`${base}/api/health`)
        .then((response) => response.ok)
        .catch(() => false)
      longestHealth = Math.max(longestHealth, performance.now() - started)
      if (!ok) failedHealth++
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  const answer = await attack()
  await new Promise((resolve) => setTimeout(resolve, 300))
  running = false
  clearInterval(sampler)
  await poller
  return {
    ...answer,
    growth: (peak - rssBefore) / MB,
    longestHealth,
    failedHealth,
    tmpBefore: tmpBefore / MB,
    tmpAfter: tempBytes() / MB,
  }
}

export async function benchAbuse(args) {
  const fromPort = Number(option(args, 'port', '3420'))
  await withStudio('bench-abuse', fromPort, async (base, server) => {
    const pid = serverPid(server.pid)
    const token = await demoAdminToken(base)
    const big = 'x'.repeat(64 * 1024)
    const bombRow = (n) => `<row r="${n}"><c t="inlineStr"><is><t>${big}</t></is></c></row>`
    const attacks = [
      ['zip bomb → sales import', { rows: 4800, rowXml: bombRow }],
      [
        'zip bomb, lying headers → sales import',
        { rows: 4800, rowXml: bombRow, lieAboutSize: true },
      ],
      ['100,000 rows → sales import', { rows: 100_000 }],
    ]
    const rows = []
    for (const [name, shape] of attacks) {
      const bytes = await hostileWorkbook(shape)
      const result = await watch(base, pid, () =>
        sendFile(base, '/api/products/sales/import', { token, bytes, filename: 'sales.xlsx' })
      )
      rows.push({ name, size: bytes.length / MB, ...result })
    }
    const unauthenticated = await watch(base, pid, () =>
      sendFile(base, '/api/creators', { size: 200 * MB, filename: 'big.xlsx' })
    )
    rows.push({
      name: '200 MB without a token → POST /api/creators',
      size: 200,
      ...unauthenticated,
    })

    console.log(
      `\nHostile uploads against the production server (pid ${pid}), health polled every 50 ms.\n`
    )
    const header = [
      'attack',
      'sent MB',
      'answer',
      'ms',
      'RSS +MB',
      'longest health ms',
      'health failed',
      'tmp MB before → after',
    ]
    const lines = rows.map((row) => [
      row.name,
      row.size.toFixed(1),
      String(row.status),
      row.ms.toFixed(0),
      row.growth.toFixed(0),
      row.longestHealth.toFixed(0),
      String(row.failedHealth),
      `${row.tmpBefore.toFixed(1)} → ${row.tmpAfter.toFixed(1)}`,
    ])
    const widths = header.map((title, index) =>
      Math.max(title.length, ...lines.map((line) => line[index].length))
    )
    const format = (cells) => cells.map((cell, index) => cell.padEnd(widths[index])).join('  ')
    console.log(format(header))
    for (const line of lines) console.log(format(line))
  })
}
