import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import AuditLog from '#models/audit_log'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup, setupGroupWith } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { assertClientError, errorsOf } from '#tests/helpers/requests'
import { creatorPayload, PRIVATE_FIELD_KEYS } from '#tests/helpers/creators'

test.group('creators / create', (group) => {
  const given = setupGroupWith(group, async () => ({ admin: await userWithCode('admin') }))
  /** POST /api/creators as the admin. */
  const createCreator = (client: ApiClient, body: Record<string, unknown>) =>
    client.post('/api/creators').loginAs(given.admin).json(body)

  test('an admin creates a creator with accounts and ad prices in one call', async ({
    client,
    assert,
  }) => {
    const response = await createCreator(
      client,
      creatorPayload({
        kind: 'IP',
        category: 'food',
        channel_name_zh: '敏智厨房',
        nationality: 'kr',
        area_code: '82',
        contract_date: '2024-03-01',
        end_date: '2026-02-28',
        video_exclusive_china: false,
        contracted_platforms: ['bilibili', 'xigua'],
        min_monthly_videos: 4,
        ad_income_ratio: 40.5,
        other_income_ratio: 20,
        cp_team: 'cp2',
        accounts: [
          { platform: 'bilibili', uid: '123456', fans: 5000 },
          { platform: 'xigua', uid: 'xg-77', fans: 2500, active: true },
        ],
        ad_prices: [{ platform: 'bilibili', format: 'dedicated', price: '1500000.50' }],
      })
    )

    response.assertStatus(201)
    const body = response.body()
    assert.match(body.brand_no, /^MCN-\d{5}$/)
    assert.containsSubset(body, {
      kind: 'IP',
      category: 'food',
      contractor_name: 'Kim Minji',
      channel_name_zh: '敏智厨房',
      nationality: 'KR',
      area_code: '+82',
      contract_date: '2024-03-01',
      end_date: '2026-02-28',
      contract_status: 'valid',
      contracted_platforms: ['bilibili', 'xigua'],
      min_monthly_videos: 4,
      ad_income_ratio: 40.5,
      other_income_ratio: 20,
      cp_team: { key: 'cp2' },
      total_fans: 7500,
      is_new: true,
      favorite: false,
      user: null,
      ad_prices: [
        { platform: 'bilibili', format: 'dedicated', price: '1500000.50', currency: 'KRW' },
      ],
    })
    assert.deepEqual(
      body.accounts.map((account: any) => [account.platform, account.uid, account.fans]),
      [
        ['xigua', 'xg-77', 2500],
        ['bilibili', '123456', 5000],
      ]
    )
    // no token yet: the statuses read 'cannot access', but nothing broke, so it is not failing
    assert.isFalse(body.failing)
    assert.equal(body.accounts[0].token_status, 1)

    const audit = await AuditLog.query().where('action', 'creator.create').firstOrFail()
    assert.equal(audit.subjectId, String(body.id))
    assert.equal(audit.userId, given.admin.id)
  })

  test('brand numbers are generated in sequence; a given one is kept in capitals', async ({
    client,
    assert,
  }) => {
    await CreatorFactory.merge({ brandNo: 'MCN-00041' }).create()
    const first = await createCreator(client, creatorPayload())
    first.assertStatus(201)
    assert.equal(first.body().brand_no, 'MCN-00042')

    const custom = await createCreator(client, creatorPayload({ brand_no: 'mcn-custom-1' }))
    custom.assertStatus(201)
    assert.equal(custom.body().brand_no, 'MCN-CUSTOM-1')

    const duplicate = await createCreator(client, creatorPayload({ brand_no: 'MCN-CUSTOM-1' }))
    duplicate.assertStatus(422)
    assert.include(errorsOf(duplicate), 'brand_no:database.unique')
    assert.equal(duplicate.body().message, 'This brand number is already used')
  })

  test('contractor and channel names are required', async ({ client, assert }) => {
    const response = await createCreator(client, {})
    response.assertStatus(422)
    assert.includeMembers(errorsOf(response), ['contractor_name:required', 'channel_name:required'])
    assert.equal(response.body().message, 'The contractor name field is required')
  })

  test('minimum monthly videos cannot be negative (in every language)', async ({
    client,
    assert,
  }) => {
    const expected: Record<string, string> = {
      en: 'Minimum monthly videos cannot be negative',
      kr: '월 최소 영상 수는 음수일 수 없습니다',
      ch: '每月最少视频数不能为负数',
      jp: '月間最低動画数はマイナスにできません',
    }
    for (const [lang, message] of Object.entries(expected)) {
      const response = await client
        .post('/api/creators')
        .loginAs(given.admin)
        .header('lang', lang)
        .json(creatorPayload({ min_monthly_videos: -1 }))
      response.assertStatus(422)
      assert.equal(response.body().message, message)
      assert.deepEqual(errorsOf(response), ['min_monthly_videos:min'])
    }
    const fraction = await createCreator(client, creatorPayload({ min_monthly_videos: 1.5 }))
    assert.deepEqual(errorsOf(fraction), ['min_monthly_videos:withoutDecimals'])
  })

  test('income ratios are 0–100 with two decimals and together at most 100', async ({
    client,
    assert,
  }) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ad_income_ratio: -1 }, 'ad_income_ratio:min'],
      [{ ad_income_ratio: 100.01 }, 'ad_income_ratio:max'],
      [{ other_income_ratio: 12.345 }, 'other_income_ratio:decimal'],
      [{ ad_income_ratio: 'half' }, 'ad_income_ratio:number'],
      [{ ad_income_ratio: 70, other_income_ratio: 30.01 }, 'other_income_ratio:ratio_sum'],
    ]
    for (const [fields, error] of cases) {
      const response = await createCreator(client, creatorPayload(fields))
      response.assertStatus(422)
      assert.deepEqual(errorsOf(response), [error], JSON.stringify(fields))
    }
    const sum = await createCreator(
      client,
      creatorPayload({ ad_income_ratio: 70, other_income_ratio: 31 })
    )
    assert.equal(sum.body().message, 'The ad and other income ratios together cannot exceed 100')

    const exact = await createCreator(
      client,
      creatorPayload({ ad_income_ratio: 60.25, other_income_ratio: 39.75 })
    )
    exact.assertStatus(201)
    assert.equal(exact.body().ad_income_ratio, 60.25)
  })

  test('the end date may not be before the contract date', async ({ client, assert }) => {
    const response = await createCreator(
      client,
      creatorPayload({ contract_date: '2025-05-02', end_date: '2025-05-01' })
    )
    response.assertStatus(422)
    assert.deepEqual(errorsOf(response), ['end_date:date.afterOrEqual'])
    assert.equal(response.body().message, 'The end date cannot be before the contract date')

    const same = await createCreator(
      client,
      creatorPayload({ contract_date: '2025-05-02', end_date: '2025-05-02' })
    )
    same.assertStatus(201)
  })

  test('contracted platforms are known ones and only for creators not exclusive in China', async ({
    client,
    assert,
  }) => {
    const exclusive = await createCreator(
      client,
      creatorPayload({ video_exclusive_china: true, contracted_platforms: ['bilibili'] })
    )
    exclusive.assertStatus(422)
    assert.deepEqual(errorsOf(exclusive), ['contracted_platforms:platforms_exclusive'])

    const unknown = await createCreator(
      client,
      creatorPayload({ contracted_platforms: ['bilibili', 'myspace'] })
    )
    unknown.assertStatus(422)
    assert.deepEqual(errorsOf(unknown), ['contracted_platforms:enum'])
    assert.equal(
      unknown.body().message,
      'The contracted platforms field must be one of the listed values'
    )

    const commaSeparated = await createCreator(
      client,
      creatorPayload({ contracted_platforms: 'weibo, douyin,weibo' })
    )
    commaSeparated.assertStatus(201)
    assert.deepEqual(commaSeparated.body().contracted_platforms, ['weibo', 'douyin'])

    const exclusiveWithout = await createCreator(
      client,
      creatorPayload({ video_exclusive_china: true })
    )
    exclusiveWithout.assertStatus(201)
    assert.isNull(exclusiveWithout.body().contracted_platforms)
  })

  test('every other field is checked: formats, enums, lengths, urls, dates, team, uploader', async ({
    client,
    assert,
  }) => {
    const creatorUser = await userWithCode('creator', null)
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'XX' }, 'kind:enum'],
      [{ category: 'cars' }, 'category:enum'],
      [{ gender: 'robot' }, 'gender:enum'],
      [{ nationality: 'KOR' }, 'nationality:maxLength'],
      [{ nationality: 'K1' }, 'nationality:regex'],
      [{ area_code: '82a' }, 'area_code:regex'],
      [{ phone: '010-12ab-5678' }, 'phone:phone_format'],
      [{ email: 'not-an-email' }, 'email:email'],
      [{ passport_no: 'M12-345' }, 'passport_no:regex'],
      [{ bank_account: '110 234' }, 'bank_account:regex'],
      [{ birth_date: '2999-01-01' }, 'birth_date:date.before'],
      [{ birth_date: '1990-02-30' }, 'birth_date:date'],
      [{ contract_date: '01/02/2024' }, 'contract_date:date'],
      [{ youtube_url: 'javascript:alert(1)' }, 'youtube_url:url'],
      [{ sns_kr: 'not a url' }, 'sns_kr:url'],
      [{ channel_intro_zh: 'x'.repeat(2001) }, 'channel_intro_zh:maxLength'],
      [{ contractor_name: 'x'.repeat(101) }, 'contractor_name:maxLength'],
      [{ remark: 'r'.repeat(100_000) }, 'remark:maxLength'],
      [{ cp_team: 'cp9' }, 'cp_team:enum'],
      [{ uploader_id: 999999 }, 'uploader_id:database.exists'],
      [{ uploader_id: creatorUser.id }, 'uploader_id:database.exists'],
      [{ uploader_id: -3 }, 'uploader_id:min'],
      [{ has_authorization_doc: 'maybe' }, 'has_authorization_doc:boolean'],
      [{ accounts: [{ platform: 'myspace' }] }, 'accounts.0.platform:enum'],
      [{ accounts: [{ platform: 'bilibili' }, { platform: 'bilibili' }] }, 'accounts:distinct'],
      [{ accounts: [{ platform: 'bilibili', fans: -5 }] }, 'accounts.0.fans:min'],
      [
        { ad_prices: [{ platform: 'bilibili', format: 'dedicated', price: '-1' }] },
        'ad_prices.0.price:regex',
      ],
      [
        { ad_prices: [{ platform: 'bilibili', format: 'billboard', price: '1' }] },
        'ad_prices.0.format:enum',
      ],
    ]
    for (const [fields, error] of cases) {
      const response = await createCreator(client, creatorPayload(fields))
      response.assertStatus(422)
      assertClientError(response, assert, JSON.stringify(fields).slice(0, 80))
      assert.deepEqual(errorsOf(response), [error], JSON.stringify(fields).slice(0, 80))
    }
    assert.equal(
      await Creator.query()
        .count('* as total')
        .first()
        .then((row) => Number(row!.$extras.total)),
      0
    )
  })

  test('a uid another creator holds on the same platform is refused', async ({
    client,
    assert,
  }) => {
    await CreatorFactory.with('accounts', 1, (account) => account.merge({ uid: '9001' })).create()
    const response = await createCreator(
      client,
      creatorPayload({ accounts: [{ platform: 'bilibili', uid: '9001' }] })
    )
    response.assertStatus(422)
    assert.deepEqual(errorsOf(response), ['accounts.0.uid:database.unique'])

    const otherPlatform = await createCreator(
      client,
      creatorPayload({ accounts: [{ platform: 'xigua', uid: '9001' }] })
    )
    otherPlatform.assertStatus(201)
  })

  test('a failing account rule rolls the whole creation back', async ({ client, assert }) => {
    const before = await db.from('creators').count('* as total').first()
    const response = await createCreator(
      client,
      creatorPayload({
        ad_prices: [{ platform: 'bilibili', format: 'dedicated', price: '10' }],
        accounts: [
          { platform: 'bilibili', uid: '1' },
          { platform: 'weibo', uid: '2', cookie: '{"SUB": "only-one"}' },
        ],
      })
    )
    response.assertStatus(422)
    assert.equal(
      response.body().message,
      'Weibo needs both cookies at the same time (or one JSON cookie holding both).'
    )
    assert.deepEqual(response.body().data, { field: 'accounts.1.cookie_2' })
    const after = await db.from('creators').count('* as total').first()
    assert.equal(Number(after.total), Number(before.total))
    assert.equal(await CreatorPlatformAccount.query().where('uid', '1').first(), null)
    assert.lengthOf(await db.from('creator_ad_prices'), 0)
  })
})

test.group('creators / update and delete', (group) => {
  const given = setupGroupWith(group, async () => ({ admin: await userWithCode('admin') }))

  test('PATCH changes the fields given, with the security code', async ({ client, assert }) => {
    const creator = await CreatorFactory.merge({ channelName: 'Old', remark: 'keep' }).create()
    const response = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ channel_name: 'New name', cp_team: 'cp3', security_code: SECURITY_CODE })
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      id: creator.id,
      channel_name: 'New name',
      remark: 'keep',
      cp_team: { key: 'cp3' },
    })
    const audit = await AuditLog.query().where('action', 'creator.update').firstOrFail()
    assert.deepInclude(audit.meta!.changes as object, {
      channel_name: { from: 'Old', to: 'New name' },
      cp_team: { from: null, to: 'cp3' },
    })
    assert.notProperty(audit.meta!.changes, 'remark', 'a field left as it was is not logged')

    const cleared = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ remark: null, cp_team: null, security_code: SECURITY_CODE })
    cleared.assertStatus(200)
    assert.isNull(cleared.body().remark)
    assert.isNull(cleared.body().cp_team)
  })

  test('PATCH without the code, with a wrong code or before setting one is refused', async ({
    client,
    assert,
  }) => {
    const withoutCode = await userWithCode('admin', null)
    const creator = await CreatorFactory.create()

    const missing = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ channel_name: 'X' })
    missing.assertStatus(422)
    assert.deepEqual(errorsOf(missing), ['security_code:required'])

    const wrong = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ channel_name: 'X', security_code: '000000' })
    wrong.assertStatus(422)
    wrong.assertBody({ status: 422, message: 'The security code is wrong.' })

    const notSet = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(withoutCode)
      .json({ channel_name: 'X', security_code: SECURITY_CODE })
    notSet.assertStatus(409)
    notSet.assertBody({ status: 409, message: 'Set your security code in Account Setting first.' })

    await creator.refresh()
    assert.notEqual(creator.channelName, 'X')
  })

  test('PATCH checks dates, ratios and platforms against the stored creator', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.merge({
      adIncomeRatio: 60,
      otherIncomeRatio: 30,
      videoExclusiveChina: true,
    }).create()
    const contractDate = creator.contractDate!.toISODate()!

    const end = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ end_date: '2000-01-01', security_code: SECURITY_CODE })
    end.assertStatus(422)
    assert.deepEqual(errorsOf(end), ['end_date:date.afterOrEqual'])

    const ad = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ ad_income_ratio: 75, security_code: SECURITY_CODE })
    ad.assertStatus(422)
    assert.deepEqual(errorsOf(ad), ['ad_income_ratio:ratio_sum'])

    const platforms = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ contracted_platforms: ['kwai'], security_code: SECURITY_CODE })
    assert.deepEqual(errorsOf(platforms), ['contracted_platforms:platforms_exclusive'])

    const both = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({
        ad_income_ratio: 75,
        other_income_ratio: 25,
        video_exclusive_china: false,
        contracted_platforms: ['kwai'],
        end_date: contractDate,
        security_code: SECURITY_CODE,
      })
    both.assertStatus(200)
    assert.containsSubset(both.body(), {
      ad_income_ratio: 75,
      other_income_ratio: 25,
      contracted_platforms: ['kwai'],
      end_date: contractDate,
    })
  })

  test('PATCH upserts accounts and replaces ad prices', async ({ client, assert }) => {
    const creator = await CreatorFactory.with('accounts', 1, (account) =>
      account.merge({ platform: 'bilibili', fans: 100 })
    ).create()
    const response = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({
        accounts: [
          { platform: 'bilibili', fans: 1000 },
          { platform: 'haokan', uid: 'hk1', fans: 50 },
        ],
        ad_prices: [{ platform: 'haokan', format: 'shorts', price: 30000, currency: 'CNY' }],
        security_code: SECURITY_CODE,
      })
    response.assertStatus(200)
    assert.equal(response.body().total_fans, 1050)
    assert.sameMembers(
      response.body().accounts.map((account: any) => account.platform),
      ['bilibili', 'haokan']
    )
    assert.deepEqual(
      response.body().ad_prices.map((price: any) => [price.platform, price.price, price.currency]),
      [['haokan', '30000.00', 'CNY']]
    )
  })

  test('one PATCH saves fields, accounts with their secrets and the Baidu token, or nothing', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.create()
    const failing = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({
        channel_name: 'Renamed',
        baidu_app_id: 'app-1',
        baidu_token: 'baidu-secret-1',
        accounts: [
          { platform: 'bilibili', uid: 'b-1', token: 'bili-token' },
          { platform: 'weibo', uid: 'w-1', cookie: '{"SUB": "only-one"}' },
        ],
        security_code: SECURITY_CODE,
      })
    failing.assertStatus(422)
    assert.deepEqual(failing.body().data, { field: 'accounts.1.cookie_2' })
    await creator.refresh()
    assert.notEqual(creator.channelName, 'Renamed')
    assert.isNull(creator.baiduTokenEncrypted)
    assert.lengthOf(await CreatorPlatformAccount.query().where('creator_id', creator.id), 0)

    const response = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({
        channel_name: 'Renamed',
        baidu_app_id: 'app-1',
        baidu_token: 'baidu-secret-1',
        accounts: [{ platform: 'bilibili', uid: 'b-1', token: 'bili-token' }],
        security_code: SECURITY_CODE,
      })
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      channel_name: 'Renamed',
      baidu_app_id: 'app-1',
      baidu_token_present: true,
    })
    assert.notInclude(response.text(), 'baidu-secret-1')
    assert.notInclude(response.text(), 'bili-token')
    const account = response.body().accounts.find((row: any) => row.platform === 'bilibili')
    assert.equal(account.token_status, 0)
  })

  test('DELETE removes the creator and its accounts with the security code', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.with('accounts', 1).create()

    const wrong = await client
      .delete(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ security_code: '999999' })
    wrong.assertStatus(422)
    assert.isNotNull(await Creator.find(creator.id))

    const response = await client
      .delete(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ security_code: SECURITY_CODE })
    response.assertStatus(200)
    response.assertBody({ status: 0 })
    assert.isNull(await Creator.find(creator.id))
    assert.lengthOf(await db.from('creator_platform_accounts').where('creator_id', creator.id), 0)
    const audit = await AuditLog.query().where('action', 'creator.delete').firstOrFail()
    assert.equal(audit.subjectId, String(creator.id))

    const again = await client
      .delete(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ security_code: SECURITY_CODE })
    again.assertStatus(404)
  })

  test('an unknown creator answers 404 with a message', async ({ client }) => {
    const response = await client.get('/api/creators/987654').loginAs(given.admin)
    response.assertStatus(404)
    response.assertBody({ status: 404, message: 'Not found.' })
  })
})

test.group('creators / detail', (group) => {
  setupFunctionalGroup(group)

  test('the detail has exactly the contract fields, portraits from the latest capture', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff', null)
    const uploader = await userWithCode('staff', null)
    const portrait =
      (
        audience: string,
        dimension: string,
        bucket: string,
        share: number,
        on: string,
        platform = 'bilibili'
      ) =>
      (builder: any) =>
        builder.merge({
          platform,
          audience,
          dimension,
          bucket,
          share,
          capturedOn: DateTime.fromISO(on),
        })
    const creator = await CreatorFactory.merge({ uploaderId: uploader.id })
      .with('accounts', 1, (account) => account.merge({ platform: 'bilibili' }))
      .with('portraits', 1, portrait('fans', 'sex', 'female', 0.9, '2026-01-01'))
      .with('portraits', 1, portrait('fans', 'sex', 'female', 0.6, '2026-02-01'))
      .with('portraits', 1, portrait('fans', 'sex', 'male', 0.4, '2026-02-01'))
      .with('portraits', 1, portrait('fans', 'sex', 'female', 0.8, '2026-02-01', 'xigua'))
      .with('portraits', 1, portrait('fans', 'sex', 'male', 0.2, '2026-02-01', 'xigua'))
      .with('portraits', 1, portrait('non_fans', 'age', '18-24', 0.35, '2026-02-01'))
      .create()

    const response = await client.get(`/api/creators/${creator.id}`).loginAs(staff)
    response.assertStatus(200)
    const body = response.body()
    assert.sameMembers(Object.keys(body), [
      'id',
      'brand_no',
      'contract_no',
      'kind',
      'contractor_name',
      'channel_name',
      'channel_name_zh',
      'channel_intro_zh',
      'youtube_channel_name',
      'youtube_url',
      'category',
      'avatar_url',
      'nationality',
      'area_code',
      'gender',
      'company_ref',
      'contract_date',
      'end_date',
      'cancel_date',
      'contract_status',
      'has_authorization_doc',
      'ip_business_exclusive',
      'video_exclusive_china',
      'contracted_platforms',
      'min_monthly_videos',
      'ad_income_ratio',
      'other_income_ratio',
      'remark',
      'sns_kr',
      'sns_zh',
      'cp_team',
      'uploader',
      'user',
      'baidu_app_id',
      'baidu_token_present',
      'total_fans',
      'failing',
      'is_new',
      'favorite',
      'private',
      'accounts',
      'ad_prices',
      'portraits',
      'memo_count',
      'created_at',
      'updated_at',
    ])
    assert.sameMembers(Object.keys(body.private), PRIVATE_FIELD_KEYS)
    assert.sameMembers(Object.keys(body.accounts[0]), [
      'id',
      'platform',
      'uid',
      'channel_name',
      'channel_url',
      'fans',
      'active',
      'token_present',
      'token_hint',
      'token_status',
      'token_connected_at',
      'token_expires_at',
      'token_expiring',
      'cookie_present',
      'cookie_status',
      'cookie_entered_at',
      'cookie_checked_at',
      'cookie_recheck_due_at',
      'cookie_recheck_due',
      'collect_status',
      'collect_error',
      'collect_error_code',
      'collect_error_detail',
      'last_collected_at',
      'collect_failed_at',
    ])
    assert.deepEqual(body.uploader, { id: uploader.id, name: uploader.name })
    assert.isNull(body.avatar_url)
    assert.match(body.contract_date, /^\d{4}-\d{2}-\d{2}$/)

    assert.sameMembers(Object.keys(body.portraits), ['fans', 'non_fans'])
    assert.sameMembers(Object.keys(body.portraits.fans), [
      'sex',
      'age',
      'region',
      'device',
      'partition',
      'label',
    ])
    // the latest capture, averaged over the platforms: female (0.6 + 0.8) / 2, male (0.4 + 0.2) / 2
    assert.deepEqual(body.portraits.fans.sex, [
      { bucket: 'female', share: 0.7 },
      { bucket: 'male', share: 0.3 },
    ])
    assert.deepEqual(body.portraits.non_fans.age, [{ bucket: '18-24', share: 0.35 }])
    assert.deepEqual(body.portraits.fans.region, [])
  })
})
