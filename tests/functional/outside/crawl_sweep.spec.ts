import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import platforms from '#platforms/main'
import PlatformPause from '#models/platform_pause'
import OutsideCrawlSweep from '#services/outside/crawl_sweep'
import { utcOf } from '#support/dates'
import { OutsideCreatorFactory, OutsideVideoFactory } from '#database/factories/outside_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeClock } from '#tests/helpers/growth'
import { crawlAdapter, quickRetries, videoOf } from '#tests/helpers/outside_crawl'

const SLOT = DateTime.fromISO('2026-12-07T13:00:00', { zone: 'Asia/Seoul' }).toUTC()

async function statusesByCreator() {
  const rows = await db.from('outside_crawl_runs').whereNull('outside_video_id').orderBy('id')
  const byCreator = new Map<number, string[]>()
  for (const row of rows) {
    const id = Number(row.outside_creator_id)
    byCreator.set(id, [...(byCreator.get(id) ?? []), row.status])
  }
  return byCreator
}

test.group('outside crawl: the sweep', (group) => {
  setupFunctionalGroup(group)
  let clock: ReturnType<typeof fakeClock>
  group.each.setup(() => {
    clock = fakeClock(SLOT.plus({ seconds: 20 }))
    const restoreRetries = quickRetries()
    return () => {
      clock.restore()
      restoreRetries()
      platforms.restore()
    }
  })

  test('two sweeps at once crawl every due task exactly once; stopped and later ones never', async ({
    assert,
  }) => {
    const due = await OutsideCreatorFactory.merge({ nextRunAt: SLOT, nextSlotAt: SLOT }).createMany(
      6
    )
    const stopped = await OutsideCreatorFactory.merge({
      state: 'stopped',
      nextRunAt: SLOT,
      nextSlotAt: SLOT,
    }).create()
    const later = await OutsideCreatorFactory.merge({
      nextRunAt: SLOT.plus({ minutes: 5 }),
    }).create()
    const adapter = crawlAdapter({ latencyMs: 15 })
    platforms.fake('bilibili', adapter)

    const [first, second] = await Promise.all([
      OutsideCrawlSweep.run({ limits: { concurrency: 3 } }),
      OutsideCrawlSweep.run({ limits: { concurrency: 3 } }),
    ])
    assert.equal(first.succeeded + second.succeeded, 6)
    assert.sameMembers(
      adapter.reads,
      due.map((task) => `channel:${task.uid}`)
    )
    const runs = await statusesByCreator()
    for (const task of due) assert.deepEqual(runs.get(task.id), ['succeeded'])
    assert.isUndefined(runs.get(stopped.id))
    assert.isUndefined(runs.get(later.id))

    // a sweep later finds nothing due until tomorrow's slot
    const again = await OutsideCrawlSweep.run()
    assert.equal(again.due, 0)
    await stopped.refresh()
    assert.isNull(stopped.lastRunAt)
  })

  test('a platform answering rate limits defers its tasks (never failed) while another platform’s finish', async ({
    assert,
  }) => {
    const limited = await OutsideCreatorFactory.merge({
      nextRunAt: SLOT,
      nextSlotAt: SLOT,
    }).createMany(3)
    const youtube = await OutsideCreatorFactory.merge({
      platform: 'youtube',
      nextRunAt: SLOT,
      nextSlotAt: SLOT,
    }).createMany(2)
    const blocked = crawlAdapter({ fail: 'rate_limited' })
    platforms.fake('bilibili', blocked)
    platforms.fake('youtube', crawlAdapter({ fans: () => 9_000 }))

    const result = await OutsideCrawlSweep.run({ limits: { concurrency: 2 } })
    assert.equal(result.failed, 0)
    assert.equal(result.deferred, 3)
    assert.equal(result.succeeded, 2)
    // the first rate limit probes, trips the brake; the rest are not asked at all
    assert.isAtMost(blocked.reads.length, 4)

    const pause = await PlatformPause.findByOrFail('platform', 'bilibili')
    const until = pause.pausedUntil!.toUTC()
    assert.isTrue(until > SLOT)
    const runs = await statusesByCreator()
    for (const task of limited) {
      assert.deepEqual(runs.get(task.id), ['deferred'])
      const row = await db.from('outside_creators').where('id', task.id).first()
      assert.equal(row.last_status, 'deferred')
      // 'late': the missed 13:00 slot is run once when the pause ends
      assert.equal(utcOf(row.next_run_at)?.toISO(), until.toISO())
      assert.equal(utcOf(row.next_slot_at)?.toISO(), SLOT.toISO())
    }
    const deferredRun = await db
      .from('outside_crawl_runs')
      .where('outside_creator_id', limited[0].id)
      .first()
    assert.equal(deferredRun.error_code, 'rate_limited')
    for (const task of youtube) assert.deepEqual(runs.get(task.id), ['succeeded'])

    // while the brake is open a due task is deferred again without asking the platform
    const reads = blocked.reads.length
    const another = await OutsideCreatorFactory.merge({
      nextRunAt: SLOT,
      nextSlotAt: SLOT,
    }).create()
    const next = await OutsideCrawlSweep.run()
    assert.equal(next.deferred, 1)
    assert.equal(blocked.reads.length, reads)
    const after = await statusesByCreator()
    assert.deepEqual(after.get(another.id), ['deferred'])
  })

  test('due rows run fastest-growing and most-opened first; videos by link are swept too', async ({
    assert,
  }) => {
    const slow = await OutsideCreatorFactory.merge({
      nextRunAt: SLOT.minus({ minutes: 1 }),
      nextSlotAt: SLOT,
      fansGrowth7d: 10,
    }).create()
    const fast = await OutsideCreatorFactory.merge({
      nextRunAt: SLOT,
      nextSlotAt: SLOT,
      fansGrowth7d: 5_000,
    }).create()
    const opened = await OutsideCreatorFactory.merge({
      nextRunAt: SLOT,
      nextSlotAt: SLOT,
      fansGrowth7d: 10,
      openedCount: 9,
      openedAt: SLOT.minus({ hours: 1 }),
    }).create()
    const video = await OutsideVideoFactory.merge({ nextRunAt: SLOT }).create()
    const adapter = crawlAdapter({
      byId: (ids) => ids.map((id) => videoOf(id, 100, SLOT.minus({ hours: 30 }))),
    })
    platforms.fake('bilibili', adapter)

    const result = await OutsideCrawlSweep.run({ limits: { concurrency: 1, batch: 3 } })
    assert.equal(result.due, 3)
    assert.deepEqual(adapter.reads, [
      `channel:${fast.uid}`,
      `channel:${opened.uid}`,
      `channel:${slow.uid}`,
    ])
    const rest = await OutsideCrawlSweep.run({ limits: { concurrency: 1 } })
    assert.equal(rest.succeeded, 1)
    assert.equal(adapter.reads.at(-1), `byId:${video.platformVideoId}`)
  })
})
