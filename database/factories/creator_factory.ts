import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type { PrivateField } from '#shared/constants'

/**
 * A platform account with a connected token and a fresh cookie (status 0),
 * on bilibili unless merged otherwise. The token and cookie are encrypted
 * through the model's setters.
 */
export const PlatformAccountFactory = factory
  .define(CreatorPlatformAccount, ({ faker }) => {
    const now = DateTime.utc()
    return {
      platform: 'bilibili' as const,
      uid: faker.string.numeric(10),
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
    account.setToken(`tok_${faker.string.alphanumeric(24)}`)
    account.setCookie(JSON.stringify({ SESSDATA: faker.string.alphanumeric(16) }))
  })
  .state('failingToken', (account) => {
    account.tokenStatus = 1
  })
  .build()

/**
 * A valid creator with private data set through `setPrivate` (encrypted, with
 * masked copies). Give known private values with `withPrivate(values)`:
 *
 *   await CreatorFactory.tap(withPrivate({ phone: '010-1234-5678' })).create()
 */
export const CreatorFactory = factory
  .define(Creator, ({ faker }) => ({
    brandNo: `T-${faker.string.alphanumeric(10).toUpperCase()}`,
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
    if (!creator.phoneEncrypted)
      creator.setPrivate('phone', `010-${faker.string.numeric(4)}-${faker.string.numeric(4)}`)
    if (!creator.emailEncrypted) creator.setPrivate('email', faker.internet.email().toLowerCase())
    if (!creator.passportNoEncrypted) {
      creator.setPrivate('passport_no', `M${faker.string.numeric(8)}`)
    }
    if (!creator.bankAccountEncrypted) {
      creator.setPrivate('bank_account', `${faker.string.numeric(3)}-${faker.string.numeric(6)}`)
    }
  })
  .state('terminated', (creator) => {
    creator.contractStatus = 'terminated'
    creator.cancelDate = DateTime.utc().startOf('day')
  })
  .relation('accounts', () => PlatformAccountFactory)
  .build()

/** A tap callback that stores the given private values (encrypted) on the creator. */
export function withPrivate(values: Partial<Record<PrivateField, string>>) {
  return (creator: Creator) => {
    for (const [field, value] of Object.entries(values)) {
      creator.setPrivate(field as PrivateField, value)
    }
  }
}
