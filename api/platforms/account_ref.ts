import type { PlatformAccountRef, PlatformAdapter } from '#platforms/types'
import type { PlatformKey } from '#shared/constants'
import { decryptPrivate } from '#support/private_data'

/** A platform account as the jobs that call platforms read it (collection, growth windows). */
export interface StoredAccount {
  id: number
  creator_id: number
  platform: PlatformKey
  uid: string | null
  token_encrypted: string | null
  cookie_encrypted: string | null
}

/** The columns of a StoredAccount on `creator_platform_accounts as a`. */
export const STORED_ACCOUNT_COLUMNS = [
  'a.id',
  'a.creator_id',
  'a.platform',
  'a.uid',
  'a.token_encrypted',
  'a.cookie_encrypted',
] as const

/** The StoredAccounts a query on `creator_platform_accounts as a` finds. */
export async function selectStoredAccounts(query: {
  select(...columns: string[]): PromiseLike<Record<string, any>[]>
}): Promise<StoredAccount[]> {
  const rows = await query.select(...STORED_ACCOUNT_COLUMNS)
  return rows.map(storedAccountOf)
}

/** A StoredAccount from a plain query's row (ids as numbers). */
function storedAccountOf(row: Record<string, any>): StoredAccount {
  return {
    id: Number(row.id),
    creator_id: Number(row.creator_id),
    platform: row.platform,
    uid: row.uid ?? null,
    token_encrypted: row.token_encrypted ?? null,
    cookie_encrypted: row.cookie_encrypted ?? null,
  }
}

/** What an adapter is told about a stored account (its login comes with `withStoredLogin`). */
export function accountRefOf(account: StoredAccount): PlatformAccountRef {
  return {
    id: account.id,
    creatorId: account.creator_id,
    platform: account.platform,
    uid: account.uid,
    connected: Boolean(account.token_encrypted || account.cookie_encrypted),
  }
}

/**
 * Puts the account's stored token and cookie, decrypted, into `ref` for a
 * live adapter (the simulator never sees them). Called inside the guarded
 * call, so that a login that cannot be read fails that call only.
 */
export function withStoredLogin(
  adapter: Pick<PlatformAdapter, 'source'>,
  ref: PlatformAccountRef,
  account: StoredAccount
) {
  if (adapter.source !== 'simulated') {
    ref.token = decryptPrivate('platform_token', account.token_encrypted)
    ref.cookie = decryptPrivate('platform_cookie', account.cookie_encrypted)
  }
  return ref
}
