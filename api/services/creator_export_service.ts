import type { DateTime } from 'luxon'
import Creator from '#models/creator'
import type User from '#models/user'
import { buildExport, type ExportRow } from '#services/creator_excel'
import { applyCreatorFilters, applyCreatorSort } from '#services/creator_query'
import CreatorPresenter from '#services/creator_presenter'
import type { CreatorListFilters } from '#validators/creator'

/** At most this many creators per export (the list's filters narrow it down). */
export const EXPORT_MAX_ROWS = 50_000

const dateOf = (value: DateTime | null) => (value ? value.toJSDate() : null)

/**
 * The Excel export of the creator list: the rows the list's filters and
 * sorting select (every page, through the list's own `applyCreatorFilters`
 * and `applyCreatorSort`), with masked private values only — nothing is
 * ever decrypted here.
 */
export default class CreatorExportService {
  static async rows(filters: CreatorListFilters, user: User): Promise<ExportRow[]> {
    const query = Creator.query()
    applyCreatorFilters(query, filters, { userId: user.id })
    applyCreatorSort(query, filters)
    const creators = await query.preload('accounts').preload('cpTeam').limit(EXPORT_MAX_ROWS)

    return creators.map((creator) => {
      const row: ExportRow = {
        ...CreatorPresenter.identity(creator),
        contract_date: dateOf(creator.contractDate),
        end_date: dateOf(creator.endDate),
        cancel_date: dateOf(creator.cancelDate),
        cp_team: creator.cpTeam?.key ?? null,
        total_fans: creator.totalFans,
        failing: CreatorPresenter.isFailing(creator, creator.accounts) ? 'yes' : 'no',
        phone_masked: creator.phoneMasked,
        email_masked: creator.emailMasked,
        passport_no_masked: creator.passportNoMasked,
        bank_account_masked: creator.bankAccountMasked,
        created_at: creator.createdAt.toUTC().toISO(),
      }
      for (const account of creator.accounts) {
        row[`${account.platform}_uid`] = account.uid
        row[`${account.platform}_fans`] = account.fans
      }
      return row
    })
  }

  static async workbook(filters: CreatorListFilters, user: User) {
    const rows = await this.rows(filters, user)
    return { rows: rows.length, buffer: await buildExport(rows) }
  }
}
