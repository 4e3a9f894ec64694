import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import type User from '#models/user'
import {
  byPlatformOrder,
  presentAccountStatus,
} from '#services/platform_accounts/platform_account_presenter'
import type { PlatformKey } from '#shared/constants'

/** Reads platform accounts: one creator's, and the platforms in use. */
export default class PlatformAccountReadService {
  /**
   * GET /api/creator/account/info?id=: the accounts of a creator `user` may
   * see (404 otherwise), with their access and collection state; no secret.
   */
  static async forCreator(creatorId: number, user: User, now: DateTime = DateTime.utc()) {
    const creator = await this.creatorWithAccounts(creatorId, user)
    return {
      creator_id: creator.id,
      brand_no: creator.brandNo,
      channel_name: creator.channelName,
      accounts: creator.accounts.map((account) => presentAccountStatus(account, now)),
    }
  }

  /**
   * A creator `user` may see (404 otherwise) with its accounts in PLATFORMS
   * order, `platform`'s alone when given.
   */
  static async creatorWithAccounts(creatorId: number, user: User, platform?: PlatformKey) {
    const creator = await Creator.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('creators.id', creatorId)
      .preload('accounts', (accounts) => {
        if (platform) accounts.where('platform', platform)
      })
      .firstOrFail()
    creator.accounts.sort(byPlatformOrder)
    return creator
  }

  /**
   * GET /api/active/platform: every platform with at least one active
   * account and how many, most accounts first (ties in PLATFORMS order).
   */
  static async activePlatforms(): Promise<{ platform: PlatformKey; accounts: number }[]> {
    const rows = await db
      .from('creator_platform_accounts')
      .where('active', true)
      .groupBy('platform')
      .select('platform')
      .count('* as accounts')
    return rows
      .map((row) => ({ platform: row.platform as PlatformKey, accounts: Number(row.accounts) }))
      .filter((row) => row.accounts > 0)
      .sort((a, b) => b.accounts - a.accounts || byPlatformOrder(a, b))
  }
}
