import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import BrandDeal from '#models/brand_deal'
import Creator from '#models/creator'
import Team from '#models/team'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import { fromCents, krwCents, toCents, wonOf } from '#support/money'
import { LIKE, containing } from '#support/like'
import { pageWindow, paginate } from '#support/pagination'
import type { Actor } from '#support/actor'
import type { DealInput, DealListParams } from '#validators/market'
import { allowedMoves, type DealStage } from '#shared/market'

const STAMP: Record<DealStage, keyof BrandDeal> = {
  enquiry: 'enquiryAt',
  negotiating: 'negotiatingAt',
  signed: 'signedAt',
  delivered: 'deliveredAt',
  lost: 'lostAt',
}

/** Brand deals (Market Store): enquiry → negotiating → signed → delivered, or lost. */
export default class DealService {
  /** One page of the deals `user` may see (a company's own enquiries), recently changed first. */
  static list(user: User, params: DealListParams) {
    const query = BrandDeal.query().withScopes((scopes) => scopes.visibleTo(user))
    if (params.stage) query.where('stage', params.stage)
    if (params.team)
      query.whereIn('team_id', (sub) => sub.from('teams').where('key', params.team!).select('id'))
    if (params.q) query.whereRaw(LIKE, ['brand', containing(params.q)])
    const window = pageWindow(params._start, params._end, { size: 200, max: 500 })
    return paginate(query, window, (filtered) =>
      filtered
        .preload('creator')
        .preload('owner')
        .preload('team')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
    )
  }

  static async find(id: number) {
    const deal = await BrandDeal.findOrFail(id)
    return deal
  }

  static async reload(deal: BrandDeal) {
    await deal.refresh()
    await deal.load('creator')
    await deal.load('owner')
    await deal.load('team')
    return deal
  }

  static async #fill(deal: BrandDeal, input: DealInput) {
    if (input.creator_id) {
      if (!(await Creator.find(input.creator_id)))
        throw new StudioException('market.errors.creator_unknown', { status: 422 })
    }
    if (input.owner_id) {
      const owner = await User.find(input.owner_id)
      if (!owner || owner.accountType !== 'staff' || owner.status !== 'active') {
        throw new StudioException('market.errors.owner', { status: 422 })
      }
    }
    deal.brand = input.brand
    if (input.contact_name !== undefined) deal.contactName = input.contact_name
    if (input.contact_email !== undefined) deal.contactEmail = input.contact_email
    if (input.creator_id !== undefined) deal.creatorId = input.creator_id
    if (input.platform !== undefined) deal.platform = input.platform
    if (input.format !== undefined) deal.format = input.format
    if (input.amount !== undefined)
      deal.amount = input.amount === null ? null : fromCents(toCents(input.amount))
    if (input.currency) deal.currency = input.currency
    if (input.owner_id !== undefined) deal.ownerId = input.owner_id
    if (input.team !== undefined) {
      const team = input.team ? await Team.findByOrFail('key', input.team) : null
      deal.teamId = team?.id ?? null
    }
    if (input.note !== undefined) deal.note = input.note
  }

  /**
   * A new deal at the enquiry stage. The agency's people (`asAgency`:
   * MarketPolicy 'manage') fill it in whole; a company's enquiry keeps only
   * the brief: its brand is the company.
   */
  static async create(actor: Actor, input: DealInput, { asAgency }: { asAgency: boolean }) {
    const deal = new BrandDeal()
    deal.stage = 'enquiry'
    deal.enquiryAt = DateTime.utc()
    deal.currency = 'KRW'
    if (asAgency) {
      await this.#fill(deal, input)
      deal.ownerId ??= actor.user.id
    } else {
      await this.#fill(deal, {
        ...input,
        owner_id: null,
        team: null,
        brand: actor.user.companyName ?? input.brand,
      })
      deal.companyUserId = actor.user.id
    }
    await deal.save()
    await AuditService.log(actor, 'deal.create', ['brand_deal', deal.id])
    return this.reload(deal)
  }

  static async update(actor: Actor, deal: BrandDeal, input: DealInput) {
    await this.#fill(deal, input)
    await deal.save()
    await AuditService.log(actor, 'deal.update', ['brand_deal', deal.id])
    return this.reload(deal)
  }

  /** One step along the pipeline (or lost / reopened); each stage keeps when it was reached. */
  static async move(actor: Actor, deal: BrandDeal, stage: DealStage) {
    if (!allowedMoves(deal.stage).includes(stage)) {
      throw new StudioException('market.errors.move', {
        status: 422,
        data: { from: deal.stage, to: stage },
      })
    }
    if ((stage === 'signed' || stage === 'delivered') && deal.amount === null) {
      throw new StudioException('market.errors.amount_required', { status: 422 })
    }
    const from = deal.stage
    deal.stage = stage
    ;(deal as any)[STAMP[stage]] = DateTime.utc()
    if (stage === 'enquiry' && from === 'lost') deal.lostAt = null
    await deal.save()
    await AuditService.log(actor, 'deal.move', ['brand_deal', deal.id], { from, to: stage })
    return this.reload(deal)
  }

  /**
   * Signed and delivered deals per team and month of a year, in won at the
   * reference rates (DECIMAL cents, summed exactly): a deal counts in the
   * month it was signed, and again under delivered in the month it was delivered.
   */
  static async totals(year: number) {
    const start = `${year}-01-01 00:00:00`
    const end = `${year + 1}-01-01 00:00:00`
    const rows = await db
      .from('brand_deals')
      .leftJoin('teams', 'teams.id', 'brand_deals.team_id')
      .where((query) => {
        query.whereBetween('signed_at', [start, end]).orWhereBetween('delivered_at', [start, end])
      })
      .whereNot('stage', 'lost')
      .select('teams.key as team', 'amount', 'currency', 'signed_at', 'delivered_at')
    const months = new Map<
      string,
      {
        team: string | null
        month: string
        signed: number
        signed_cents: bigint
        delivered: number
        delivered_cents: bigint
      }
    >()
    const bucket = (team: string | null, at: unknown) => {
      const month = (
        at instanceof Date ? DateTime.fromJSDate(at, { zone: 'utc' }).toISO()! : String(at)
      ).slice(0, 7)
      const key = `${team ?? ''}|${month}`
      if (!months.has(key))
        months.set(key, {
          team,
          month,
          signed: 0,
          signed_cents: 0n,
          delivered: 0,
          delivered_cents: 0n,
        })
      return months.get(key)!
    }
    const inYear = (at: unknown) =>
      at &&
      (at instanceof Date ? at.getUTCFullYear() === year : String(at).startsWith(String(year)))
    for (const row of rows) {
      const cents = krwCents(row.amount, row.currency)
      if (inYear(row.signed_at)) {
        const entry = bucket(row.team, row.signed_at)
        entry.signed++
        entry.signed_cents += cents
      }
      if (inYear(row.delivered_at)) {
        const entry = bucket(row.team, row.delivered_at)
        entry.delivered++
        entry.delivered_cents += cents
      }
    }
    return [...months.values()]
      .sort((a, b) => a.month.localeCompare(b.month) || (a.team ?? '').localeCompare(b.team ?? ''))
      .map((entry) => ({
        team: entry.team,
        month: entry.month,
        signed: entry.signed,
        signed_krw: wonOf(entry.signed_cents),
        delivered: entry.delivered,
        delivered_krw: wonOf(entry.delivered_cents),
      }))
  }
}
