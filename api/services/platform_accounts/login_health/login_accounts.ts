import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import type User from '#models/user'
import type { PlatformKey } from '#shared/constants'

/** Which stored logins a check or the health list covers. */
export interface LoginScope {
  platform?: PlatformKey | null
  accountIds?: number[] | null
  /** Only the creators this user may see (Creator.visibleTo); every creator when absent (the job). */
  user?: Pick<User, 'id' | 'role'> | null
}

/**
 * The stored logins of `scope` on `creator_platform_accounts as a` (joined
 * to `creators as c`): active accounts of creators under a valid contract,
 * as the daily collection reads them, that hold a token or a cookie.
 * YouTube is read with the studio's own API key, so its accounts' logins
 * are not the studio's to check.
 */
export function loginAccountsQuery(scope: LoginScope) {
  const query = db
    .from('creator_platform_accounts as a')
    .join('creators as c', 'c.id', 'a.creator_id')
    .where('a.active', true)
    .where('c.contract_status', 'valid')
    .whereNot('a.platform', 'youtube')
    .where((login) => login.whereNotNull('a.token_encrypted').orWhereNotNull('a.cookie_encrypted'))
  if (scope.platform) query.where('a.platform', scope.platform)
  if (scope.accountIds) query.whereIn('a.id', scope.accountIds)
  if (scope.user) {
    const user = scope.user
    query.whereIn(
      'a.creator_id',
      Creator.query()
        .withScopes((scopes) => scopes.visibleTo(user))
        .select('creators.id')
    )
  }
  return query
}
