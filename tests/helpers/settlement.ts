import type { ApiClient } from '@japa/api-client'
import ace from '@adonisjs/core/services/ace'
import Settlement from '#models/settlement'
import { CreatorFactory } from '#database/factories/creator_factory'
import type User from '#models/user'
import { expectStatus } from '#tests/helpers/requests'

/*
| The settlement's functional tests enter exchange rates and revenue, run a
| month and read a statement through the API, as finance does.
*/

/** Won per unit of `currency` from `day` on (source `manual`). */
export async function enterRate(
  client: ApiClient,
  user: User,
  currency: 'CNY' | 'USD',
  rate: number,
  day: string
) {
  await expectStatus(
    client
      .post('/api/exchange-rates')
      .loginAs(user)
      .json({ currency, rate, rate_date: day, source: 'manual' }),
    201
  )
}

export interface RevenueRow {
  creator_id: number
  platform: string
  currency: string
  amount: number
  /** 'YYYY-MM', October 2026 unless given. */
  month?: string
  /** `ad` unless given. */
  kind?: string
}

/** One revenue row (POST /api/revenues), as the API answers it. */
export async function enterRevenue(client: ApiClient, user: User, row: RevenueRow) {
  const response = await client
    .post('/api/revenues')
    .loginAs(user)
    .json({ month: '2026-10', kind: 'ad', ...row })
  response.assertStatus(201)
  return response.body()
}

/** Runs `month` with the exchange rates of `rateDate`; the run's summary. */
export async function runMonth(
  client: ApiClient,
  user: User,
  month = '2026-10',
  rateDate = '2026-11-05'
) {
  const response = await client
    .post('/api/settlements/run')
    .loginAs(user)
    .json({ month, rate_date: rateDate })
  response.assertStatus(200)
  return response.body().data
}

/** A creator's statement of `month`, the row. */
export function statementRow(creatorId: number, month = '2026-10') {
  return Settlement.query()
    .where('creator_id', creatorId)
    .where('month', `${month}-01`)
    .firstOrFail()
}

/** A creator's statement of `month` as `user` reads it (GET /api/settlements/:id). */
export async function statementOf(
  client: ApiClient,
  user: User,
  creatorId: number,
  month = '2026-10'
) {
  const row = await statementRow(creatorId, month)
  const response = await client.get(`/api/settlements/${row.id}`).loginAs(user)
  response.assertStatus(200)
  return response.body().data
}

/**
 * The README's worked example, entered: October 2026, CNY 190.5 and USD
 * 1,380.25 (dated 2026-10-31); creator A (70 % ad ratio) earned CNY 10,000.00
 * on Bilibili, creator B (80 %) USD 1,234.56 on YouTube, both individuals.
 */
export async function readmeMonth(client: ApiClient, finance: User) {
  const a = await CreatorFactory.merge({ adIncomeRatio: 70, companyRef: null }).create()
  const b = await CreatorFactory.merge({ adIncomeRatio: 80, companyRef: null }).create()
  await enterRate(client, finance, 'CNY', 190.5, '2026-10-31')
  await enterRate(client, finance, 'USD', 1380.25, '2026-10-31')
  await enterRevenue(client, finance, {
    creator_id: a.id,
    platform: 'bilibili',
    currency: 'CNY',
    amount: 10000,
  })
  await enterRevenue(client, finance, {
    creator_id: b.id,
    platform: 'youtube',
    currency: 'USD',
    amount: 1234.56,
  })
  return { a, b }
}

/** What the ace commands of the test logged, one line each (with `rawAceOutput`). */
export function aceLogs() {
  return ace.ui.logger
    .getLogs()
    .map((log) => log.message)
    .join('\n')
}
