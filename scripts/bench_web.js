/**
 * `npm run bench -- --web`: how fast the admin's first screens are, as a
 * person signed in sees them. Starts the studio the way `npm start` does
 * (production build, production mode) on a spare port against a database of
 * its own with the demo agency (storage/bench-web.sqlite3, or MYSQL_DB_NAME
 * with DB_CONNECTION=mysql), signs in as the demo admin, and runs Lighthouse
 * (desktop preset, simulated throttling) in Debian's Chromium on each page.
 * Every run is a first visit: a Chromium of its own with a new profile (no
 * HTTP or code cache, no scripts compiled in memory, no local storage), given
 * the sign-in cookie alone. Prints the median of the runs per page:
 * performance score, FCP, LCP, TBT, CLS, the JavaScript transferred, and the
 * JavaScript transferred before the first chart chunk was requested. The
 * sign-in page is measured as the baseline of the same run. Figures are
 * printed, never asserted.
 *
 *   npm run bench -- --web [--runs 3] [--pages /app/dashboard,/app/customers] [--details]
 *
 * --details prints, per run, the layout shifts (the element that moved) and
 * the scripts and long tasks that kept the main thread busy.
 */
import { existsSync } from 'node:fs'
import { demoAdminToken, option, withStudio } from './bench_server.js'

/** The screens the studio's first-paint targets are held to; /login is the baseline. */
const DEFAULT_PAGES = [
  '/app/data_dashboard',
  '/app/dashboard',
  '/app/customers',
  '/app/creator_info?id=1',
  '/app/data_report',
  '/login',
]
const TARGETS = { score: 90, tbt: 200 }
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/**
 * A chart's own chunk (`line-chart-….js`, `pie-chart-….js`…, which bring the
 * chart library): the admin asks for one when a chart's place comes near the
 * viewport. The small `charts-….js` module that decides when is part of the
 * page, not a chart.
 */
const CHART_CHUNK = /\/assets\/[a-z]+-chart-[\w-]+\.js(\?|$)/

/** JavaScript bytes on the wire, in all and before the first chart chunk was asked for. */
function scriptFigures(requests) {
  const scripts = requests.filter((request) => request.resourceType === 'Script')
  const firstChart = scripts.find((request) => CHART_CHUNK.test(request.url))
  const before = firstChart
    ? scripts.filter((request) => request.networkRequestTime < firstChart.networkRequestTime)
    : scripts
  const sum = (list) => list.reduce((total, request) => total + (request.transferSize ?? 0), 0)
  return { total: sum(scripts) / 1024, beforeChart: sum(before) / 1024, chart: Boolean(firstChart) }
}

/** With --details: the weighed metrics, the largest paint and its phases, what moved (layout shifts) and what kept the main thread busy. */
function explain(path, audits) {
  console.log(`\n${path}`)
  const weighed = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
  console.log(
    `  ${weighed.map((id) => `${id.replace(/-/g, ' ')} ${Math.round(audits[id].numericValue)} (score ${audits[id].score})`).join(', ')}`
  )
  // the largest paint: which element, and where its time went (Lighthouse's phases)
  for (const part of audits['largest-contentful-paint-element']?.details?.items ?? []) {
    for (const item of part.items ?? []) {
      if (item.node)
        console.log(`  largest paint  ${item.node.selector ?? ''}  ${item.node.nodeLabel ?? ''}`)
      if (item.phase)
        console.log(`  largest paint phase ${item.phase}: ${Math.round(item.timing)} ms`)
    }
  }
  for (const item of audits['layout-shifts']?.details?.items ?? []) {
    const node = item.node ?? {}
    console.log(`  shift ${item.score.toFixed(3)}  ${node.selector ?? ''}  ${node.nodeLabel ?? ''}`)
  }
  for (const item of (audits['bootup-time']?.details?.items ?? []).slice(0, 5)) {
    console.log(
      `  script ${String(Math.round(item.total)).padStart(5)} ms (${Math.round(item.scripting)} ms running)  ${item.url}`
    )
  }
  for (const item of (audits['long-tasks']?.details?.items ?? []).slice(0, 5)) {
    console.log(
      `  long task ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms  ${item.url}`
    )
  }
}

async function measure(base, pages, runs, details = false) {
  const { default: lighthouse } = await import('lighthouse')
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js')
  const chromeLauncher = await import('chrome-launcher')
  const { default: puppeteer } = await import('puppeteer-core')

  const token = await demoAdminToken(base)
  const rows = []
  for (const path of pages) {
    const samples = []
    for (let run = 0; run < runs; run++) {
      // a first visit (see the header)
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: CHROMIUM_FLAGS,
      })
      let result
      try {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
        const page = await browser.newPage()
        if (path !== '/login') await page.setCookie({ name: 'token', value: token, url: base })
        result = await lighthouse(
          `${base}${path}`,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          desktopConfig,
          page
        )
        await browser.disconnect()
      } finally {
        await chrome.kill()
      }
      const { audits, categories } = result.lhr
      samples.push({
        score: Math.round((categories.performance.score ?? 0) * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        ...scriptFigures(audits['network-requests'].details.items),
      })
      if (details) explain(path, audits)
    }
    const pick = (key) => median(samples.map((sample) => sample[key]))
    rows.push({
      path,
      score: pick('score'),
      scores: samples.map((sample) => sample.score),
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      total: pick('total'),
      beforeChart: pick('beforeChart'),
      chart: samples.some((sample) => sample.chart),
    })
  }
  return rows
}

function print(rows, runs) {
  const baseline = rows.find((row) => row.path === '/login')
  const header = [
    'page',
    'score',
    'runs',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'JS KiB',
    'JS before chart',
    'vs login',
    '',
  ]
  const lines = rows.map((row) => {
    const misses = []
    if (row.path !== '/login') {
      if (row.score < TARGETS.score) misses.push(`score < ${TARGETS.score}`)
      if (row.tbt > TARGETS.tbt) misses.push(`TBT > ${TARGETS.tbt}`)
    }
    return [
      row.path,
      String(row.score),
      row.scores.join('/'),
      row.fcp.toFixed(0),
      row.lcp.toFixed(0),
      row.tbt.toFixed(0),
      row.cls.toFixed(3),
      row.total.toFixed(0),
      row.chart ? row.beforeChart.toFixed(0) : `${row.beforeChart.toFixed(0)} (no chart)`,
      baseline ? (row.score / Math.max(baseline.score, 1)).toFixed(2) : '—',
      misses.length ? `MISS: ${misses.join(', ')}` : '',
    ]
  })
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => line[index].length))
  )
  const format = (cells) => cells.map((cell, index) => cell.padEnd(widths[index])).join('  ')
  console.log(
    `\nLighthouse 12, desktop preset, simulated throttling; median of ${runs} run(s) per page, each a first visit in a Chromium of its own.`
  )
  console.log(
    `Targets: score ≥ ${TARGETS.score}, TBT ≤ ${TARGETS.tbt} ms; JavaScript is shown, not held to a size; /login is the baseline.\n`
  )
  console.log(format(header))
  for (const line of lines) console.log(format(line))
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function benchWeb(args) {
  // A missing browser would crash the launcher after the studio started and leave it running.
  if (!existsSync(CHROMIUM)) {
    console.error(`No Chromium at ${CHROMIUM}: install Debian's chromium or set CHROMIUM_PATH.`)
    process.exitCode = 1
    return
  }
  const runs = Math.max(1, Number(option(args, 'runs', '3')) || 3)
  const pages = option(args, 'pages', DEFAULT_PAGES.join(','))
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean)
  if (!pages.includes('/login')) pages.push('/login')
  await withStudio('bench-web', Number(option(args, 'port', '3395')), async (base) => {
    print(await measure(base, pages, runs, args.includes('--details')), runs)
  })
}
