import type { DatasetReport } from '#bench/dataset'
import type { Target } from '#bench/measure'
import User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import studioConfig from '#config/studio'
import { BENCH_BRAND_PREFIX } from '#bench/dataset'
import { videoTargets } from '#bench/videos'

/** The bench's own admin account (bench database only). */
export const BENCH_ADMIN = { email: 'bench.admin@mcn.local', password: 'bench-password-2026' }

export const addDays = (value: string, days: number) => {
  const date = new Date(`${value}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

export async function benchAdmin() {
  const { email, password } = BENCH_ADMIN
  return (
    (await User.findBy('email', email)) ??
    (await User.create({
      email,
      password,
      name: 'Bench Admin',
      role: 'admin',
      accountType: 'staff',
      status: 'active',
      locale: 'en',
    }))
  )
}

/** Every measured endpoint with its query variants and what the server caches for it. */
export async function benchTargets(dataset: DatasetReport): Promise<Target[]> {
  const end = dataset.marker.end
  const brand = studioConfig.brand
  const valid = await db
    .from('creators')
    .where('brand_no', 'like', `${BENCH_BRAND_PREFIX}%`)
    .where('contract_status', 'valid')
    .orderBy('id')
    .limit(25)
    .select('id')
  const ids = valid.map((row) => Number(row.id))
  const week = (weeksBack: number) =>
    `start=${addDays(end, -6 - 7 * weeksBack)}&end=${addDays(end, -7 * weeksBack)}`
  const metricsCache = 'per data version (MetricsCache)'
  const metric = { auth: true, cold: true, checked: true, cache: metricsCache }

  return [
    { name: 'GET /api/client-info', paths: ['/api/client-info'], cache: 'none (no DB)' },
    {
      name: 'GET /api/resource?key=group',
      paths: ['/api/resource?key=group'],
      cache: 'none',
    },
    { name: 'GET /api/user/info', paths: ['/api/user/info'], auth: true, cache: 'token 5 s' },
    {
      name: 'GET /api/user/permissions',
      paths: ['/api/user/permissions'],
      auth: true,
      cache: 'token 5 s, per role',
    },
    {
      ...metric,
      name: `GET /api/${brand}_dashboard`,
      paths: [
        `/api/${brand}_dashboard`,
        `/api/${brand}_dashboard?${week(1)}`,
        `/api/${brand}_dashboard?platform=youtube`,
        `/api/${brand}_dashboard?platform=bilibili&${week(2)}`,
        `/api/${brand}_dashboard?start=${addDays(end, -29)}&end=${end}`,
      ],
    },
    {
      ...metric,
      name: 'GET /api/dashboard/list sort=views',
      paths: [0, 20, 40, 60].flatMap((offset) => [
        `/api/dashboard/list?sort=views&offset=${offset}&limit=20`,
        `/api/dashboard/list?sort=views&offset=${offset}&limit=20&${week(1)}`,
      ]),
    },
    {
      ...metric,
      name: 'GET /api/dashboard/list sort=ad_price',
      paths: [0, 20, 40].flatMap((offset) => [
        `/api/dashboard/list?sort=ad_price&offset=${offset}&limit=20`,
        `/api/dashboard/list?sort=ad_price&order=asc&offset=${offset}&limit=20&platform=youtube`,
      ]),
    },
    {
      ...metric,
      name: 'GET /api/dashboard/list sort=fans',
      paths: [0, 20].map((offset) => `/api/dashboard/list?sort=fans&offset=${offset}&limit=20`),
    },
    {
      ...metric,
      name: 'GET /api/dashboard/chart/weekly',
      paths: [
        '/api/dashboard/chart/weekly',
        `/api/dashboard/chart/weekly?${week(1)}`,
        '/api/dashboard/chart/weekly?platform=youtube',
        `/api/dashboard/chart/weekly?start=${addDays(end, -29)}&end=${end}`,
      ],
    },
    {
      ...metric,
      name: 'GET /api/dashboard/total',
      paths: [
        '/api/dashboard/total',
        `/api/dashboard/total?${week(1)}`,
        `/api/dashboard/total?${week(4)}`,
      ],
    },
    {
      ...metric,
      name: 'GET /api/dashboard/ranking/month',
      paths: [
        '/api/dashboard/ranking/month',
        '/api/dashboard/ranking/month?period=week',
        '/api/dashboard/ranking/month?sort=views',
        '/api/dashboard/ranking/month?platform=bilibili',
        `/api/dashboard/ranking/month?date=${addDays(end, -30)}`,
      ],
    },
    {
      ...metric,
      name: `GET /api/${brand}_dashboard_panel?period=1m`,
      paths: [
        `/api/${brand}_dashboard_panel?period=1m`,
        `/api/${brand}_dashboard_panel?period=1m&platform=youtube`,
        `/api/${brand}_dashboard_panel?period=1m&platform=bilibili`,
        `/api/${brand}_dashboard_panel?period=1m&date=${addDays(end, -7)}`,
      ],
    },
    {
      ...metric,
      name: `GET /api/${brand}_dashboard_panel 1w/3m`,
      paths: [`/api/${brand}_dashboard_panel?period=1w`, `/api/${brand}_dashboard_panel?period=3m`],
    },
    {
      ...metric,
      name: 'GET /api/dashboard/category/platform',
      paths: [
        '/api/dashboard/category/platform?period=1w',
        '/api/dashboard/category/platform?period=1m',
        '/api/dashboard/category/platform?period=3m&platform=youtube',
      ],
    },
    {
      ...metric,
      name: 'GET /api/dashboard/fans',
      paths: [
        '/api/dashboard/fans',
        '/api/dashboard/fans?platform_id=youtube',
        '/api/dashboard/fans?platform_id=bilibili',
        '/api/dashboard/fans?platform_id=douyin',
      ],
    },
    {
      ...metric,
      name: 'GET /api/metrics/series (5 creators)',
      paths: [0, 5, 10, 15].map((from, index) => {
        const set = ids.slice(from, from + 5).join(',')
        const granularity = ['day', 'week', 'day', 'month'][index]
        const span = [29, 89, 6, 364][index]
        return (
          `/api/metrics/series?creator_ids=${set}&metrics=fans,views&granularity=${granularity}` +
          `&start=${addDays(end, -span)}&end=${end}`
        )
      }),
    },
    {
      name: 'GET /api/creators (list)',
      auth: true,
      checked: true,
      cache: '≤ 5 s per user and query (CreatorListCache)',
      paths: [
        '/api/creators?_start=0&_end=20',
        '/api/creators?_start=20&_end=40&_sort=total_fans&_order=desc',
        '/api/creators?_start=0&_end=20&contract_status=valid&kind=CR',
        '/api/creators?_start=40&_end=60&_sort=created_at&_order=desc',
        '/api/creators?_start=0&_end=20&platform=bilibili&_sort=total_fans&_order=desc',
      ],
    },
    {
      name: 'GET /api/audit-logs?_start=0&_end=20',
      paths: ['/api/audit-logs?_start=0&_end=20'],
      auth: true,
      cache: 'none',
    },
    {
      name: 'POST /api/user/login (scrypt)',
      method: 'POST',
      paths: ['/api/user/login'],
      body: JSON.stringify({ account: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
      connections: 2,
      cache: 'none (scrypt by design)',
    },
    // the video endpoints (bench/videos.ts VIDEO_ENDPOINTS), when the bench videos exist
    ...(await videoTargets()),
  ]
}
