import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import CreatorPlatformAccount from '#models/creator_platform_account'
import Team from '#models/team'
import Video from '#models/video'
import type User from '#models/user'
import type { VideoStats } from '#platforms/types'
import VideoIngestService from '#services/videos/ingest/video_ingest_service'
import { videoQuery } from '#services/videos/video_query'
import VideoTallies from '#services/videos/video_tallies'
import { VIDEO_VIEW_TIERS } from '#shared/videos'
import { countOf } from '#support/sql'
import type { VideoFilters } from '#validators/video'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { seedVideoDataset, videoOf, type AccountRef } from '#tests/helpers/videos'

/** What counting the videos themselves answers (the live path the tallies stand in for). */
async function counted(user: User, filters: VideoFilters) {
  const count = async (given: VideoFilters) => {
    const [row] = await videoQuery(user, given).count('* as total')
    return countOf(row)
  }
  const tiers = await Promise.all(
    VIDEO_VIEW_TIERS.map(async (min, tier) => ({
      tier,
      min,
      max: VIDEO_VIEW_TIERS[tier + 1] ?? null,
      videos: await count({ ...filters, tier }),
    }))
  )
  return { tiers, total: await count(filters) }
}

const FILTERS: VideoFilters[] = [
  {},
  { deleted: false },
  { deleted: true },
  { platform: ['bilibili'] },
  { platform: ['youtube'], deleted: false },
  { category: ['game'] },
  { category: ['music', 'vlog'], deleted: false },
  { team: ['cp1'] },
  { tier: 2 },
  { tier: 0, platform: ['bilibili'], deleted: false },
]

/** A listed video of `account` with `views` (the rest derived), in `category`. */
function listed(id: string, views: number, category: string): VideoStats {
  return {
    id,
    title: `视频 ${id}`,
    publishedAt: '2026-01-05T08:00:00.000Z',
    url: null,
    views,
    likes: Math.floor(views / 10),
    comments: Math.floor(views / 100),
    shares: 3,
    danmaku: 2,
    coins: 1,
    favorites: 4,
    category,
    tags: ['vlog'],
  }
}

test.group('videos / tallies', (group) => {
  setupFunctionalGroup(group)

  async function assertSame(assert: { deepEqual: Function }, user: User, when: string) {
    for (const filters of FILTERS) {
      const tallied = await VideoTallies.counts(user, filters)
      assert.deepEqual(tallied, await counted(user, filters), `${when}: ${JSON.stringify(filters)}`)
    }
  }

  test('the tallies answer what counting the videos answers, through every kind of write', async ({
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { creators, accounts, videoIds } = await seedVideoDataset({
      creators: 3,
      accountsPerCreator: 2,
      videosPerAccount: 12,
    })
    const team = await Team.findByOrFail('key', 'cp1')
    creators[0].cpTeamId = team.id
    await creators[0].save()
    await assertSame(assert, staff, 'bulk loaded')

    // a complete listing: half the account's videos listed again, higher and in another
    // category; the other half gone (deleted); one new video
    const [first, second] = accounts as AccountRef[]
    const stored = await db.from('videos').where('account_id', first.id).orderBy('id')
    const kept = stored.slice(0, 6)
    const items = kept.map((row, index) =>
      listed(row.platform_video_id, [9_000, 60_000, 700_000, 6_000_000][index % 4], 'music')
    )
    items.push(listed('NEW-1', 120_000, 'game'))
    await VideoIngestService.ingestMany(
      [
        {
          account: { id: first.id, creator_id: first.creatorId, platform: first.platform },
          items,
          complete: true,
        },
        {
          account: { id: second.id, creator_id: second.creatorId, platform: second.platform },
          items: [listed('NEW-2', 55_000, 'vlog')],
          complete: false,
        },
      ],
      {
        date: '2026-01-20',
        collectedAt: new Date('2026-01-20T04:00:00Z'),
        source: 'simulated',
        adapter: 'simulated',
        announce: false,
      }
    )
    const gone = await db.from('videos').where('account_id', first.id).whereNotNull('deleted_on')
    assert.isAtLeast(gone.length, 6)
    await assertSame(assert, staff, 'after an ingest')

    // one video at a time through the model: made, changed, deleted
    const made = await videoOf(second, { views: 2_000_000, category: 'game' })
    const moved = await Video.findOrFail(videoIds.at(-1)!)
    moved.views = 20
    moved.deletedOn = '2026-01-21'
    await moved.save()
    await assertSame(assert, staff, 'after model writes')
    await made.delete()
    await assertSame(assert, staff, 'after a model delete')

    // an account removed takes its videos and its tallies with it
    await CreatorPlatformAccount.query().where('id', first.id).delete()
    await assertSame(assert, staff, 'after an account removed')
    const left = await db.from('video_tallies').where('account_id', first.id)
    assert.lengthOf(left, 0)

    // rebuilding changes nothing
    const before = await db
      .from('video_tallies')
      .orderBy(['account_id', 'category', 'listed', 'tier'])
    await VideoTallies.rebuild()
    const after = await db
      .from('video_tallies')
      .orderBy(['account_id', 'category', 'listed', 'tier'])
    assert.deepEqual(after, before)
  })

  test('filters the tallies cannot answer, and a creator account, are counted live', async ({
    assert,
  }) => {
    const staff = await UserFactory.create()
    const creator = await UserFactory.merge({ role: 'creator' }).create()
    assert.isNull(await VideoTallies.counts(staff, { q: '美食' }))
    assert.isNull(await VideoTallies.counts(staff, { published_from: '2026-01-01' }))
    assert.isNull(await VideoTallies.counts(creator, {}))
    assert.isTrue(VideoTallies.answers(staff, { platform: [], deleted: false }))
  })
})
