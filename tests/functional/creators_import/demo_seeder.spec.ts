import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import User from '#models/user'
import DemoSeeder from '#database/seeders/02_demo_seeder'
import DemoCreatorsSeeder, {
  DEMO_SECURITY_CODE_DEFAULT,
  DEMO_TERMINATION_CODE_DEFAULT,
  demoCreators,
} from '#database/seeders/03_demo_creators_seeder'
import { setEnv, setupFunctionalGroup } from '#tests/helpers/functional'

const HANGUL = /[\uac00-\ud7a3]/
const HAN = /[\u4e00-\u9fff]/

test.group('creators import / demo creators seeder', (group) => {
  setupFunctionalGroup(group)

  test('seeds ~200 realistic creators once, fast, with every private value encrypted', async ({
    assert,
  }) => {
    await DemoSeeder.seed()
    const started = Date.now()
    assert.isTrue(await DemoCreatorsSeeder.seed())
    const seconds = (Date.now() - started) / 1000
    assert.isBelow(seconds, 10, `the seeder took ${seconds} s`)
    assert.isFalse(await DemoCreatorsSeeder.seed(), 'runs once')

    const creators = await Creator.query().preload('accounts').orderBy('id')
    assert.isAtLeast(creators.length, 180)
    assert.isAtMost(creators.length, 220)

    // Korean and Chinese names, channel names in Korean/English and Chinese
    assert.isAbove(creators.filter((creator) => HANGUL.test(creator.contractorName)).length, 50)
    assert.isAbove(creators.filter((creator) => HAN.test(creator.contractorName)).length, 40)
    assert.isAbove(creators.filter((creator) => HANGUL.test(creator.channelName)).length, 20)
    assert.isTrue(creators.every((creator) => HAN.test(creator.channelNameZh ?? '')))
    assert.sameMembers([...new Set(creators.map((creator) => creator.kind))], ['CR', 'IP', 'CH'])
    assert.isAbove(new Set(creators.map((creator) => creator.category)).size, 10)
    const terminated = creators.filter((creator) => creator.contractStatus === 'terminated')
    assert.isAbove(terminated.length, 5)
    assert.isBelow(terminated.length, 30)
    assert.isTrue(terminated.every((creator) => creator.cancelDate !== null))

    // 2–5 accounts each, unique uids, fans summed; some failing, some fans over a million
    assert.isTrue(
      creators.every((creator) => creator.accounts.length >= 2 && creator.accounts.length <= 5)
    )
    for (const creator of creators) {
      assert.equal(
        creator.totalFans,
        creator.accounts.reduce((sum, account) => sum + account.fans, 0)
      )
    }
    const failing = creators.filter((creator) => creator.failing)
    assert.isAtLeast(failing.length, 10)
    assert.isAtMost(failing.length, 15)
    assert.isTrue(
      creators.some((creator) => creator.accounts.some((account) => account.fans > 1_000_000))
    )
    assert.isTrue(
      creators.every((creator) =>
        creator.accounts.every((account) => account.tokenEncrypted && account.cookieEncrypted)
      )
    )
    const [{ total: prices }] = await db.from('creator_ad_prices').count('* as total')
    const [{ total: memos }] = await db.from('creator_memos').count('* as total')
    assert.isAtLeast(Number(prices), 200)
    assert.isAtLeast(Number(memos), 20)
    const portraits = await db
      .from('creator_audience_portraits')
      .where('creator_id', creators[0].id)
      .select('audience', 'dimension', 'share')
    assert.sameMembers([...new Set(portraits.map((row) => row.audience))], ['fans', 'non_fans'])
    assert.sameMembers(
      [...new Set(portraits.map((row) => row.dimension))],
      ['sex', 'age', 'region', 'device', 'partition', 'label']
    )
    const sexShare = portraits
      .filter((row) => row.audience === 'fans' && row.dimension === 'sex')
      .reduce((sum, row) => sum + Number(row.share), 0)
    assert.closeTo(sexShare, 1, 0.0001)

    // no passport, bank account, phone (or other private) value in plain text in any row
    const expected = demoCreators()
    const stored = await db.from('creators').select('*')
    const rows = stored.map((row) => JSON.stringify(row)).join('\n')
    for (const demo of expected) {
      for (const field of [
        'phone',
        'email',
        'passport_no',
        'bank_account',
        'address',
        'birth_date',
      ] as const) {
        assert.notInclude(rows, demo.private[field], `${field} of ${demo.brandNo} is in plain text`)
      }
    }
    const first = creators.find((creator) => creator.brandNo === expected[0].brandNo)!
    assert.equal(first.getPrivate('passport_no'), expected[0].private.passport_no)
    assert.equal(first.getPrivate('bank_account'), expected[0].private.bank_account)
    assert.equal(first.getPrivate('phone'), expected[0].private.phone)
  })

  test('sets every demo account security code and the studio termination code', async ({
    assert,
    cleanup,
  }) => {
    cleanup(setEnv('DEMO_SECURITY_CODE', '975310'))
    cleanup(setEnv('DEMO_TERMINATION_CODE', '86420864'))
    await DemoSeeder.seed()
    await DemoCreatorsSeeder.seed()
    const users = await User.query().where('email', 'like', '%@mcn.local')
    assert.isAtLeast(users.length, 10)
    for (const user of users) {
      assert.isNotNull(user.securityCodeHash, user.email)
      assert.isTrue(await hash.verify(user.securityCodeHash!, '975310'))
    }
    const setting = await db.from('studio_settings').where('key', 'termination_code').first()
    assert.isTrue(await hash.verify(setting.value, '86420864'))
  })

  test('falls back to the documented demo codes when .env names none', async ({
    assert,
    cleanup,
  }) => {
    cleanup(setEnv('DEMO_SECURITY_CODE', undefined))
    cleanup(setEnv('DEMO_TERMINATION_CODE', undefined))
    await DemoSeeder.seed()
    await DemoCreatorsSeeder.seed()
    const admin = await User.query().where('email', 'like', '%@mcn.local').firstOrFail()
    assert.isTrue(await hash.verify(admin.securityCodeHash!, DEMO_SECURITY_CODE_DEFAULT))
    const setting = await db.from('studio_settings').where('key', 'termination_code').first()
    assert.isTrue(await hash.verify(setting.value, DEMO_TERMINATION_CODE_DEFAULT))
  })

  test('is deterministic', ({ assert }) => {
    const first = demoCreators()
    const second = demoCreators()
    assert.deepEqual(
      first.map((creator) => [creator.brandNo, creator.contractorName, creator.private.phone]),
      second.map((creator) => [creator.brandNo, creator.contractorName, creator.private.phone])
    )
  })
})
