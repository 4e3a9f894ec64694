import type BrandDeal from '#models/brand_deal'
import { krwCents, wonOf } from '#support/money'
import { allowedMoves } from '#shared/market'

/** A brand deal with its creator, owner and team, the moves it allows, and its amount in won. */
export function presentDeal(deal: BrandDeal) {
  return {
    id: deal.id,
    brand: deal.brand,
    contact_name: deal.contactName,
    contact_email: deal.contactEmail,
    creator: deal.creator ? { id: deal.creator.id, name: deal.creator.channelName } : null,
    platform: deal.platform,
    format: deal.format,
    amount: deal.amount,
    currency: deal.currency,
    amount_krw: deal.amount === null ? null : wonOf(krwCents(deal.amount, deal.currency)),
    stage: deal.stage,
    moves: allowedMoves(deal.stage),
    owner: deal.owner ? { id: deal.owner.id, name: deal.owner.name } : null,
    team: deal.team?.key ?? null,
    from_company: deal.companyUserId !== null,
    note: deal.note,
    enquiry_at: deal.enquiryAt.toISO(),
    negotiating_at: deal.negotiatingAt?.toISO() ?? null,
    signed_at: deal.signedAt?.toISO() ?? null,
    delivered_at: deal.deliveredAt?.toISO() ?? null,
    lost_at: deal.lostAt?.toISO() ?? null,
    updated_at: deal.updatedAt.toISO(),
  }
}
