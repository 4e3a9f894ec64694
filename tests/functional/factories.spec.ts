import { test } from '@japa/runner'
import { AlertFactory } from '#database/factories/alert_factory'
import { AuditLogFactory } from '#database/factories/audit_log_factory'
import { BoardAttachmentFactory, BoardPostFactory } from '#database/factories/board_factory'
import {
  AdPriceFactory,
  CreatorFactory,
  MemoFactory,
  PlatformAccountFactory,
  PortraitFactory,
} from '#database/factories/creator_factory'
import { CreatorImportFactory } from '#database/factories/creator_import_factory'
import { IpAllowlistEntryFactory } from '#database/factories/ip_allowlist_entry_factory'
import { LetterFactory } from '#database/factories/letter_factory'
import { BrandDealFactory, ProductSaleFactory } from '#database/factories/market_factory'
import {
  MetricCollectionRunFactory,
  MetricDailyTotalFactory,
  MetricSnapshotFactory,
} from '#database/factories/metric_factory'
import { NotificationFactory } from '#database/factories/notification_factory'
import { QueueJobFactory, QueueScheduleFactory } from '#database/factories/queue_factory'
import { RegisterCodeFactory } from '#database/factories/register_code_factory'
import { StudioSettingFactory } from '#database/factories/studio_setting_factory'
import { AccessTokenFactory, RefreshTokenFactory } from '#database/factories/token_factory'
import { TeamFactory, UserFactory } from '#database/factories/user_factory'
import {
  VideoFactory,
  VideoGrowthPointFactory,
  VideoSnapshotFactory,
} from '#database/factories/video_factory'
import { UploadPublicationFactory, UploadTaskFactory } from '#database/factories/upload_factory'
import UploadTask from '#models/upload_task'
import Video from '#models/video'
import { setupFunctionalGroup } from '#tests/helpers/functional'

/**
 * The factories the tests build their rows with: each writes a valid row,
 * with its relations and in each of its states, on the database of the run.
 */
test.group('database factories', (group) => {
  setupFunctionalGroup(group)

  test('users and teams, with memberships both ways', async ({ assert }) => {
    const user = await UserFactory.apply('manager')
      .with('teams', 1, (team) => team.pivotAttributes({ is_manager: true }))
      .create()
    assert.equal(user.role, 'manager')
    assert.lengthOf(user.teams, 1)
    const team = await TeamFactory.with('members', 2).create()
    assert.lengthOf(team.members, 2)
    for (const state of ['staff', 'admin', 'creator', 'company', 'pending', 'disabled'] as const) {
      const other = await UserFactory.apply(state).create()
      assert.isNumber(other.id, state)
    }
  })

  test('creators with accounts, ad prices, portraits, memos, team, people and favorites', async ({
    assert,
  }) => {
    const creator = await CreatorFactory.apply('failing')
      .with('accounts', 1, (account) => account.merge({ platform: 'youtube' }))
      .with('accounts', 1, (account) => account.merge({ platform: 'douyin' }).apply('unconnected'))
      .with('adPrices', 1)
      .with('portraits', 1, (portrait) => portrait.apply('nonFans'))
      .with('memos', 1, (memo) => memo.with('user'))
      .with('cpTeam')
      .with('uploader')
      .with('user', 1, (user) => user.apply('creator'))
      .with('favoritedBy', 2)
      .create()
    assert.isTrue(creator.failing)
    assert.lengthOf(creator.accounts, 2)
    const youtube = creator.accounts.find((account) => account.platform === 'youtube')!
    const douyin = creator.accounts.find((account) => account.platform === 'douyin')!
    assert.isString(youtube.getToken())
    assert.isNull(douyin.getToken())
    assert.equal(douyin.tokenStatus, 1)
    assert.lengthOf(creator.adPrices, 1)
    assert.equal(creator.portraits[0].audience, 'non_fans')
    assert.isNumber(creator.memos[0].userId)
    assert.isNumber(creator.cpTeamId)
    assert.isNumber(creator.uploaderId)
    assert.equal(creator.user.role, 'creator')
    assert.lengthOf(creator.favoritedBy, 2)
    assert.isString(creator.getPrivate('email'))

    const terminated = await CreatorFactory.apply('terminated').create()
    assert.equal(terminated.contractStatus, 'terminated')
    for (const state of ['failingToken', 'expiredToken', 'inactive'] as const) {
      const account = await PlatformAccountFactory.apply(state).with('creator').create()
      assert.isNumber(account.creatorId, state)
    }
    await AdPriceFactory.merge({ creatorId: creator.id, format: 'shorts' }).create()
    await PortraitFactory.merge({ creatorId: creator.id }).create()
    await MemoFactory.merge({ creatorId: creator.id }).create()
  })

  test('imports, metrics and collection runs', async ({ assert }) => {
    for (const state of ['running', 'completed', 'failed'] as const) {
      const row = await CreatorImportFactory.apply(state).create()
      assert.equal(row.status, state)
    }
    const account = await PlatformAccountFactory.with('creator').create()
    const snapshot = await MetricSnapshotFactory.merge({
      accountId: account.id,
      creatorId: account.creatorId,
    }).create()
    assert.equal(snapshot.fans, 12_000)
    const built = await MetricSnapshotFactory.with('account', 1, (related) =>
      related.with('creator')
    )
      .with('creator')
      .create()
    assert.isNumber(built.accountId)
    await MetricDailyTotalFactory.create()
    for (const state of ['running', 'finished', 'failed'] as const) {
      const run = await MetricCollectionRunFactory.apply(state).create()
      assert.equal(run.status, state)
    }
  })

  test('board posts with attachments, alerts, letters and notifications', async ({ assert }) => {
    const post = await BoardPostFactory.merge({ title: 'Quarterly review' })
      .apply('pinned', 'notice')
      .with('author')
      .with('attachments', 2)
      .create()
    assert.include(post.searchTerms, ' quarterly ')
    assert.lengthOf(post.attachments, 2)
    const draft = await BoardPostFactory.apply('draft').create()
    assert.isNull(draft.publishedAt)
    await BoardAttachmentFactory.create()

    const alert = await AlertFactory.with('creator').with('assignee').with('acknowledger').create()
    assert.equal(alert.status, 'open')
    for (const state of ['acknowledged', 'resolved'] as const) {
      const other = await AlertFactory.merge({ creatorId: alert.creatorId }).apply(state).create()
      assert.equal(other.status, state)
    }

    const letter = await LetterFactory.with('sender').with('recipient').apply('read').create()
    assert.isNotNull(letter.readAt)
    await LetterFactory.merge({ senderId: letter.senderId, recipientId: letter.recipientId })
      .apply('deletedBySender', 'deletedByRecipient')
      .create()

    const note = await NotificationFactory.merge({ userId: letter.recipientId })
      .apply('read')
      .create()
    assert.isNotNull(note.readAt)
  })

  test('deals, sales, codes, allow-list, audit, settings, tokens and the queue', async ({
    assert,
  }) => {
    for (const state of ['negotiating', 'signed', 'delivered', 'lost'] as const) {
      const deal = await BrandDealFactory.apply(state).with('creator').with('owner').create()
      assert.equal(deal.stage, state)
    }
    const team = await BrandDealFactory.with('team').create()
    assert.isNumber(team.teamId)
    const sale = await ProductSaleFactory.with('creator').create()
    assert.equal(sale.gmv, '3528.50')

    const code = await RegisterCodeFactory.with('team').create()
    assert.isTrue(code.isUsable)
    for (const state of ['revoked', 'expired', 'usedUp'] as const) {
      const other = await RegisterCodeFactory.apply(state).create()
      assert.isFalse(other.isUsable, state)
    }
    await IpAllowlistEntryFactory.createMany(2)
    const log = await AuditLogFactory.with('user').create()
    assert.isNumber(log.userId)
    await StudioSettingFactory.create()

    const access = await AccessTokenFactory.with('user').apply('expired').create()
    await RefreshTokenFactory.merge({ userId: access.userId, familyId: access.familyId })
      .apply('used', 'revoked', 'expired')
      .create()

    for (const state of ['running', 'completed', 'failed'] as const) {
      const job = await QueueJobFactory.apply(state).create()
      assert.equal(job.status, state)
    }
    await QueueScheduleFactory.create()
  })

  test('videos with their snapshots and growth windows, seen per role', async ({ assert }) => {
    const creators = await CreatorFactory.with('accounts', 1).createMany(2)
    const [account, otherAccount] = creators.map((row) => row.accounts[0])
    const video = await VideoFactory.merge({
      accountId: account.id,
      creatorId: account.creatorId,
      platform: account.platform,
    }).create()
    await VideoSnapshotFactory.merge({ videoId: video.id, creatorId: video.creatorId }).create()
    await VideoGrowthPointFactory.merge({ videoId: video.id, creatorId: video.creatorId }).create()
    await video.load('snapshots')
    await video.load('growthPoints')
    assert.lengthOf(video.snapshots, 1)
    assert.equal(video.growthPoints[0].status, 'pending')
    assert.isNull(video.growthPoints[0].views)

    const other = await VideoFactory.merge({
      accountId: otherAccount.id,
      creatorId: otherAccount.creatorId,
      platform: otherAccount.platform,
    }).create()
    const admin = await UserFactory.apply('admin').create()
    const creator = await UserFactory.apply('creator').create()
    const company = await UserFactory.apply('company').create()
    const seen = async (user: typeof admin) => {
      const rows = await Video.query().withScopes((scopes) => scopes.visibleTo(user))
      return rows.map((row) => row.id)
    }
    assert.includeMembers(await seen(admin), [video.id, other.id])
    assert.deepEqual(await seen(company), [])
    assert.deepEqual(await seen(creator), [])
  })

  test('upload tasks with their publications in each state, seen per role', async ({ assert }) => {
    const task = await UploadTaskFactory.with('creator')
      .with('user')
      .with('publications', 1)
      .with('publications', 1, (publication) =>
        publication.apply('published').merge({ platform: 'xigua' })
      )
      .with('publications', 1, (publication) =>
        publication.apply('failed').merge({ platform: 'haokan' })
      )
      .create()
    await task.load('publications')
    assert.sameMembers(
      task.publications.map((row) => `${row.platform}:${row.status}`),
      ['bilibili:requesting', 'xigua:success', 'haokan:failure']
    )
    assert.match(task.publications.find((row) => row.platform === 'xigua')!.platformVideoId!, /^BV/)
    assert.deepEqual(task.form.tags, ['vlog'])

    const held = await UploadPublicationFactory.apply('uploading')
      .merge({ platform: 'xigua' })
      .with('task', 1, (other) => other.with('creator').with('user'))
      .create()
    await held.refresh()
    assert.equal(held.status, 'uploading')
    assert.deepEqual(held.checkpoint, { step: 'uploaded', parts: 3 })

    const finished = await UploadTaskFactory.apply('finished').with('creator').create()
    assert.equal(finished.status, 'success')

    const admin = await UserFactory.apply('admin').create()
    const company = await UserFactory.apply('company').create()
    const seen = async (user: typeof admin) => {
      const rows = await UploadTask.query().withScopes((scopes) => scopes.visibleTo(user))
      return rows.map((row) => row.id)
    }
    assert.includeMembers(await seen(admin), [task.id, finished.id])
    assert.deepEqual(await seen(company), [])
  })
})
