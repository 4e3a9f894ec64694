import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { DateTime } from 'luxon'
import Creator from '#models/creator'
import ExchangeRate from '#models/exchange_rate'
import PlatformRevenue from '#models/platform_revenue'
import User from '#models/user'
import SettlementService from '#services/settlement/settlement_service'
import SettlementRunService from '#services/settlement/settlement_run_service'
import type { PlatformKey } from '#shared/constants'
import type { RevenueCurrency, RevenueKind } from '#shared/settlement'

/*
|--------------------------------------------------------------------------
| The demo settlement
|--------------------------------------------------------------------------
| Platform revenue of the last two months for a dozen demo creators (CNY on
| the Chinese platforms, USD on YouTube; a couple below the minimum payout so
| that carry-over shows), CNY and USD exchange rates at each month's end, the
| older month settled and confirmed, the last month run as drafts. Amounts
| are deterministic; runs once (no revenue yet).
*/

const ROWS: [PlatformKey, RevenueKind, RevenueCurrency, number][] = [
  ['bilibili', 'ad', 'CNY', 12_840.5],
  ['xigua', 'ad', 'CNY', 6_420],
  ['youtube', 'ad', 'USD', 1_875.32],
  ['haokan', 'ad', 'CNY', 3_150.75],
  ['bilibili', 'other', 'CNY', 2_400],
  ['youtube', 'ad', 'USD', 640.1],
  ['douyin', 'other', 'CNY', 8_900],
  ['bilibili', 'ad', 'CNY', 45.2],
  ['youtube', 'ad', 'USD', 4.75],
  ['xigua', 'ad', 'CNY', 21_300],
  ['weibo', 'other', 'CNY', 1_200],
  ['youtube', 'other', 'USD', 310],
]
const RATES: Record<'CNY' | 'USD', [string, string]> = {
  CNY: ['189.7300', '191.2400'],
  USD: ['1376.5000', '1389.1000'],
}

export default class DemoSettlementSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoSettlementSeeder.seed()
  }

  static async seed(now: DateTime = DateTime.utc()) {
    if (await PlatformRevenue.query().first()) return false
    const creators = await Creator.query()
      .where('contract_status', 'valid')
      .orderBy('id')
      .limit(ROWS.length)
    if (!creators.length) return false
    const finance = await User.findBy('email', 'finance@mcn.local')
    const months = [now.minus({ months: 2 }), now.minus({ months: 1 })].map((day) =>
      day.startOf('month')
    )

    for (const [index, month] of months.entries()) {
      const end = month.endOf('month').toISODate()!
      for (const currency of ['CNY', 'USD'] as const) {
        await ExchangeRate.updateOrCreate(
          { currency, rateDate: end },
          { rate: RATES[currency][index], source: 'manual', createdBy: finance?.id ?? null }
        )
      }
      for (const [position, creator] of creators.entries()) {
        const [platform, kind, currency, amount] = ROWS[position]
        // the later month a little different from the earlier one
        const scaled = index
          ? Math.round(amount * (0.85 + ((position * 7) % 10) / 20) * 100) / 100
          : amount
        await PlatformRevenue.create({
          creatorId: creator.id,
          month: month.toISODate()!,
          platform,
          kind,
          currency,
          amount: scaled.toFixed(2),
          note: null,
          createdBy: finance?.id ?? null,
          updatedBy: finance?.id ?? null,
        })
      }
    }

    const actor = finance ? { user: finance, ip: null } : null
    const older = await SettlementRunService.run(
      actor,
      months[0].toFormat('yyyy-MM'),
      months[0].endOf('month').toISODate()!
    )
    if (actor) {
      for (const settlement of older.settlements)
        await SettlementService.confirm(actor, settlement.id)
    }
    await SettlementRunService.run(
      actor,
      months[1].toFormat('yyyy-MM'),
      months[1].endOf('month').toISODate()!
    )
    return true
  }
}
