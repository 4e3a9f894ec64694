import type { ApiClient } from '@japa/api-client'
import ace from '@adonisjs/core/services/ace'
import Settlement from '#models/settlement'
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

/** A creator's statement of `month` as `user` reads it (GET /api/settlements/:id). */
export async function statementOf(
  client: ApiClient,
  user: User,
  creatorId: number,
  month = '2026-10'
) {
  const row = await Settlement.query()
    .where('creator_id', creatorId)
    .where('month', `${month}-01`)
    .firstOrFail()
  const response = await client.get(`/api/settlements/${row.id}`).loginAs(user)
  response.assertStatus(200)
  return response.body().data
}

/** What the ace commands of the test logged, one line each (with `rawAceOutput`). */
export function aceLogs() {
  return ace.ui.logger
    .getLogs()
    .map((log) => log.message)
    .join('\n')
}
