import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Creator from '#models/creator'
import Team from '#models/team'
import { PLAIN_FIELDS, PRIVATE_FIELDS } from '#services/creators/creator_fields'
import type { PrivateField } from '#shared/constants'

/*
| What the studio log keeps of a creator's change: each changed field's value
| before and after. Plain fields as they are; private fields only masked
| (the list's masked copy, or a fixed mask) — a decrypted value is compared in
| memory and never written.
*/

export interface Change {
  from: unknown
  to: unknown
}
export type Changes = Record<string, Change>

/** A creator's fields at one moment; `secret` holds plain private values for the comparison only. */
interface CreatorFacts {
  plain: Record<string, unknown>
  secret: Partial<Record<PrivateField, string | null>>
}

/** A secret (token, cookie) as the log shows one that is set. */
export const SECRET_MASK = '****'

const isoDate = (value: unknown) => (DateTime.isDateTime(value) ? value.toISODate() : value)

function empty(value: unknown) {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
}

const same = (a: unknown, b: unknown) =>
  (empty(a) && empty(b)) || JSON.stringify(a) === JSON.stringify(b)

/**
 * The creator's form fields now. Private fields are read (decrypted) only
 * for `privateFields` — the ones a change touches.
 */
export function creatorFacts(
  creator: Creator,
  privateFields: readonly PrivateField[] = PRIVATE_FIELDS
): CreatorFacts {
  const source = creator as unknown as Record<string, unknown>
  const plain: Record<string, unknown> = {}
  for (const [field, attribute] of Object.entries(PLAIN_FIELDS)) {
    const value = source[attribute]
    plain[field] = Array.isArray(value) ? [...value] : value
  }
  plain.brand_no = creator.brandNo
  plain.area_code = creator.areaCode
  plain.contract_date = isoDate(creator.contractDate)
  plain.end_date = isoDate(creator.endDate)
  plain.cp_team = creator.cpTeamId
  const secret: CreatorFacts['secret'] = {}
  for (const field of privateFields) secret[field] = creator.getPrivate(field)
  return { plain, secret }
}

/** The private fields a form input gives. */
export function privateFieldsOf(input: Record<string, unknown>) {
  return PRIVATE_FIELDS.filter((field) => input[field] !== undefined)
}

/**
 * The fields that differ between two moments (null: the creator did not
 * exist), private values masked and CP teams by their key.
 */
export async function creatorChanges(
  before: CreatorFacts | null,
  after: CreatorFacts | null,
  trx?: TransactionClientContract
): Promise<Changes> {
  const changes: Changes = {}
  const fields = new Set([...Object.keys(before?.plain ?? {}), ...Object.keys(after?.plain ?? {})])
  for (const field of fields) {
    const from = before?.plain[field] ?? null
    const to = after?.plain[field] ?? null
    if (!same(from, to)) changes[field] = { from, to }
  }
  const secrets = new Set([
    ...Object.keys(before?.secret ?? {}),
    ...Object.keys(after?.secret ?? {}),
  ]) as Set<PrivateField>
  for (const field of secrets) {
    const from = before?.secret[field] ?? null
    const to = after?.secret[field] ?? null
    if (!same(from, to)) {
      changes[field] = {
        from: Creator.maskPrivate(field, from),
        to: Creator.maskPrivate(field, to),
      }
    }
  }
  if (changes.cp_team) changes.cp_team = await teamKeys(changes.cp_team, trx)
  return changes
}

async function teamKeys(change: Change, trx?: TransactionClientContract): Promise<Change> {
  const ids = [change.from, change.to].filter((id): id is number => typeof id === 'number')
  const teams = ids.length
    ? await Team.query({ client: trx }).whereIn('id', ids).select('id', 'key')
    : []
  const key = (id: unknown) => teams.find((team) => team.id === id)?.key ?? id ?? null
  return { from: key(change.from), to: key(change.to) }
}

/** An account's fields as the log shows them (token and cookie only as set or not). */
export function accountFacts(
  account: {
    uid: string | null
    channelName: string | null
    channelUrl: string | null
    fans: number | null
    active: boolean
    tokenEncrypted: string | null
    cookieEncrypted: string | null
  } | null
): Record<string, unknown> {
  if (!account) return {}
  return {
    uid: account.uid,
    channel_name: account.channelName,
    channel_url: account.channelUrl,
    fans: account.fans === null ? null : Number(account.fans),
    active: Boolean(account.active),
    token: account.tokenEncrypted ? SECRET_MASK : null,
    cookie: account.cookieEncrypted ? SECRET_MASK : null,
  }
}

/**
 * What changed on an account; a token or cookie given anew counts as a
 * change even when one was set before (both sides show only the mask).
 */
export function accountChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  replaced: { token?: boolean; cookie?: boolean } = {}
): Changes {
  const changes: Changes = {}
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[field] ?? null
    const to = after[field] ?? null
    const renewed = (field === 'token' || field === 'cookie') && replaced[field]
    if (!same(from, to) || renewed) changes[field] = { from, to }
  }
  return changes
}
