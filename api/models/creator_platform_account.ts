import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { column } from '@adonisjs/lucid/orm'
import { decryptPrivate, encryptPrivate } from '#support/private_data'
import type { PlatformKey } from '#shared/constants'
import { CreatorRecord } from '#models/mixins/creator_record'
import { withCreator } from '#models/mixins/columns'

/**
 * One creator's account on one platform (SPEC §3, §4): uid, token and cookie
 * (both encrypted, never returned in full), their statuses (0 connected,
 * 1 cannot access) and dates, and the latest known fan count.
 */
export default class CreatorPlatformAccount extends compose(CreatorRecord, withCreator) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare platform: PlatformKey

  @column()
  declare uid: string | null

  @column()
  declare channelName: string | null

  @column()
  declare channelUrl: string | null

  @column({ consume: (value: string | number) => Number(value) })
  declare fans: number

  @column()
  declare active: boolean

  @column({ serializeAs: null })
  declare tokenEncrypted: string | null

  @column()
  declare tokenStatus: number

  @column.dateTime()
  declare tokenConnectedAt: DateTime | null

  @column.dateTime()
  declare tokenExpiresAt: DateTime | null

  /** When the refresh job (OAuthRefreshService) last renewed the OAuth login. */
  @column.dateTime()
  declare tokenRefreshedAt: DateTime | null

  /** Why the last renewal failed (`code: message`, as collect_error), null once it worked. */
  @column()
  declare tokenError: string | null

  @column({ serializeAs: null })
  declare cookieEncrypted: string | null

  @column()
  declare cookieStatus: number

  @column.dateTime()
  declare cookieEnteredAt: DateTime | null

  @column.dateTime()
  declare cookieCheckedAt: DateTime | null

  /** 0 collected, 1 the last collection failed (COLLECT_STATUS). */
  @column()
  declare collectStatus: number

  @column()
  declare collectError: string | null

  @column.dateTime()
  declare lastCollectedAt: DateTime | null

  @column.dateTime()
  declare collectFailedAt: DateTime | null

  setToken(value: string | null | undefined) {
    this.tokenEncrypted = encryptPrivate('platform_token', value)
  }

  getToken() {
    return decryptPrivate('platform_token', this.tokenEncrypted)
  }

  setCookie(value: string | null | undefined) {
    this.cookieEncrypted = encryptPrivate('platform_cookie', value)
  }

  getCookie() {
    return decryptPrivate('platform_cookie', this.cookieEncrypted)
  }
}
