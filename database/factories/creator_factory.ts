import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Creator from '#models/creator'
import CreatorAdPrice from '#models/creator_ad_price'
import CreatorAudiencePortrait from '#models/creator_audience_portrait'
import CreatorMemo from '#models/creator_memo'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type { PrivateField } from '#shared/constants'
import { TeamFactory, UserFactory } from '#database/factories/user_factory'
import { nextNumber, nextPadded } from '#database/factories/sequence'

/**
 * A platform account with a connected token and a fresh cookie (status 0),
 * on bilibili unless merged otherwise. The token and cookie are encrypted
 * through the model's setters, unless a state or a merge gave them (null
 * included). States:
 * - `failingToken`: a token the platform refuses (status 1);
 * - `expiredToken`: stored as connected, but expired an hour ago;
 * - `unconnected`: no token and no cookie (statuses 1), as an account is
 *   before anybody enters them;
 * - `inactive`: switched off, not collected.
 */
export const PlatformAccountFactory = factory
  .define(CreatorPlatformAccount, ({ faker }) => {
    const now = DateTime.utc()
    return {
      platform: 'bilibili' as const,
      uid: String(3_000_000_000 + nextNumber()),
      channelName: faker.word.words(2),
      fans: faker.number.int({ min: 1_000, max: 300_000 }),
      active: true,
      tokenStatus: 0,
      tokenConnectedAt: now.minus({ days: 10 }),
      tokenExpiresAt: null,
      cookieStatus: 0,
      cookieEnteredAt: now.minus({ days: 5 }),
      cookieCheckedAt: now.minus({ days: 5 }),
    }
  })
  .after('make', (_factory, account, { faker }) => {
    if (account.tokenEncrypted === undefined) {
      account.setToken(`tok_${faker.string.alphanumeric(24)}`)
    }
    if (account.cookieEncrypted === undefined) {
      account.setCookie(JSON.stringify({ SESSDATA: faker.string.alphanumeric(16) }))
    }
  })
  .state('failingToken', (account) => {
    account.tokenStatus = 1
  })
  .state('expiredToken', (account) => {
    account.tokenStatus = 0
    account.tokenExpiresAt = DateTime.utc().minus({ hours: 1 })
  })
  .state('unconnected', (account) => {
    account.tokenEncrypted = null
    account.tokenStatus = 1
    account.tokenConnectedAt = null
    account.cookieEncrypted = null
    account.cookieStatus = 1
    account.cookieEnteredAt = null
    account.cookieCheckedAt = null
  })
  .state('inactive', (account) => {
    account.active = false
  })
  .relation('creator', () => CreatorFactory)
  .build()

/** A dedicated video on bilibili for 1,000,000 won; merge the platform, format, price and currency. */
export const AdPriceFactory = factory
  .define(CreatorAdPrice, () => ({
    platform: 'bilibili' as const,
    format: 'dedicated',
    price: '1000000.00',
    currency: 'KRW',
    note: null,
  }))
  .build()

/** One bucket of a creator's audience, captured today: 60 % of the fans are female. */
export const PortraitFactory = factory
  .define(CreatorAudiencePortrait, () => ({
    platform: 'bilibili',
    audience: 'fans' as const,
    dimension: 'sex',
    bucket: 'female',
    share: 0.6,
    capturedOn: DateTime.utc().startOf('day'),
  }))
  .state('nonFans', (portrait) => {
    portrait.audience = 'non_fans'
  })
  .build()

/** A note a colleague left on the creator (give the author with `with('user')` or `userId`). */
export const MemoFactory = factory
  .define(CreatorMemo, ({ faker }) => ({
    body: faker.lorem.sentence(),
  }))
  .relation('user', () => UserFactory)
  .build()

/**
 * A valid creator (contract signed a year ago) with private data set through
 * `setPrivate` (encrypted, with masked copies). Give known private values
 * with `withPrivate(values)`, or null to leave one empty:
 *
 *   await CreatorFactory.tap(withPrivate({ phone: '010-1234-5678', email: null })).create()
 *
 * Relations: accounts, adPrices, portraits, memos, cpTeam, uploader, user
 * (the creator's sign-in account) and favoritedBy. States: `terminated`
 * (cancelled today), `failing`.
 */
export const CreatorFactory = factory
  .define(Creator, ({ faker }) => ({
    brandNo: `T-${nextPadded()}`,
    contractNo: null,
    kind: 'CR' as const,
    contractorName: faker.person.fullName(),
    channelName: faker.word.words(2),
    channelNameZh: null,
    category: 'vlog' as const,
    nationality: 'KR',
    contractDate: DateTime.utc().minus({ years: 1 }).startOf('day'),
    endDate: null,
    cancelDate: null,
    contractStatus: 'valid' as const,
    hasAuthorizationDoc: false,
    ipBusinessExclusive: false,
    videoExclusiveChina: false,
    contractedPlatforms: null,
    minMonthlyVideos: 2,
    adIncomeRatio: 30,
    otherIncomeRatio: 20,
    totalFans: 0,
    failing: false,
  }))
  .after('make', (_factory, creator, { faker }) => {
    if (creator.phoneEncrypted === undefined) {
      creator.setPrivate('phone', `010-${faker.string.numeric(4)}-${faker.string.numeric(4)}`)
    }
    if (creator.emailEncrypted === undefined) {
      creator.setPrivate('email', faker.internet.email().toLowerCase())
    }
    if (creator.passportNoEncrypted === undefined) {
      creator.setPrivate('passport_no', `M${faker.string.numeric(8)}`)
    }
    if (creator.bankAccountEncrypted === undefined) {
      creator.setPrivate('bank_account', `${faker.string.numeric(3)}-${faker.string.numeric(6)}`)
    }
  })
  .state('terminated', (creator) => {
    creator.contractStatus = 'terminated'
    creator.cancelDate = DateTime.utc().startOf('day')
  })
  .state('failing', (creator) => {
    creator.failing = true
  })
  .relation('accounts', () => PlatformAccountFactory)
  .relation('adPrices', () => AdPriceFactory)
  .relation('portraits', () => PortraitFactory)
  .relation('memos', () => MemoFactory)
  .relation('cpTeam', () => TeamFactory)
  .relation('uploader', () => UserFactory)
  .relation('user', () => UserFactory)
  .relation('favoritedBy', () => UserFactory)
  .build()

/** A tap callback that stores the given private values (encrypted); null leaves one empty. */
export function withPrivate(values: Partial<Record<PrivateField, string | null>>) {
  return (creator: Creator) => {
    for (const [field, value] of Object.entries(values)) {
      creator.setPrivate(field as PrivateField, value)
    }
  }
}
