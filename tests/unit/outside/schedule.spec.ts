import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { REPLAY_MAX, dueNow, nextRun, type ScheduleSettings } from '#services/outside/schedule'

/**
 * The crawl schedule on a fake clock: every `after` below is a fixed moment,
 * and the expected slots are written as wall times of the zone by hand.
 */
const SEOUL = 'Asia/Seoul'
const NEW_YORK = 'America/New_York'

function settings(overrides: Partial<ScheduleSettings> = {}): ScheduleSettings {
  return {
    state: 'running',
    intervalDays: 1,
    intervalHours: 0,
    customTimes: null,
    replayStrategy: 'late',
    replayByHour: null,
    ...overrides,
  }
}

/** A wall time of `zone` ('2026-12-07 23:55'). */
function at(text: string, zone = SEOUL) {
  return DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm', { zone })
}

/** The answer's moment as a wall time of `zone`, with its offset. */
function wall(value: DateTime | undefined, zone = SEOUL) {
  return value?.setZone(zone).toFormat('yyyy-MM-dd HH:mm ZZ')
}

test.group('Outside schedule: slots of a crawl day', () => {
  test('a stopped task has no due time', ({ assert }) => {
    assert.isNull(nextRun(settings({ state: 'stopped' }), at('2026-12-07 10:00'), SEOUL))
    assert.isNull(
      dueNow(
        settings({ state: 'stopped' }),
        at('2026-12-07 10:00'),
        at('2026-12-07 10:01'),
        60_000,
        SEOUL
      )
    )
  })

  test('custom times and interval hours together, across midnight', ({ assert }) => {
    const task = settings({ intervalHours: 8, customTimes: ['23:55', '12:05'] })
    // slots: 00:00, 08:00, 12:05, 16:00, 23:55
    const cases: [string, string][] = [
      ['2026-12-07 07:59', '2026-12-07 08:00 +09:00'],
      ['2026-12-07 08:00', '2026-12-07 08:00 +09:00'],
      ['2026-12-07 08:01', '2026-12-07 12:05 +09:00'],
      ['2026-12-07 16:01', '2026-12-07 23:55 +09:00'],
      ['2026-12-07 23:56', '2026-12-08 00:00 +09:00'],
      ['2026-12-31 23:58', '2027-01-01 00:00 +09:00'],
    ]
    for (const [after, expected] of cases) {
      const due = nextRun(task, at(after), SEOUL)
      assert.equal(wall(due?.runAt), expected, after)
      assert.equal(wall(due?.slotAt), expected, after)
      assert.equal(due?.trigger, 'schedule')
    }
  })

  test('minutes off the 0/5 rule are never slots; no times at all means 00:00', ({ assert }) => {
    const odd = settings({ customTimes: ['10:03', '10:05', '25:00'] })
    assert.equal(
      wall(nextRun(odd, at('2026-12-07 10:01'), SEOUL)?.runAt),
      '2026-12-07 10:05 +09:00'
    )
    assert.equal(
      wall(nextRun(odd, at('2026-12-07 10:06'), SEOUL)?.runAt),
      '2026-12-08 10:05 +09:00'
    )
    const none = settings()
    assert.equal(
      wall(nextRun(none, at('2026-12-07 10:00'), SEOUL)?.runAt),
      '2026-12-08 00:00 +09:00'
    )
    for (const due of [
      nextRun(odd, at('2026-12-07 09:00'), SEOUL),
      nextRun(none, at('2026-12-07 09:00'), SEOUL),
    ]) {
      assert.include([0, 5], due!.runAt.setZone(SEOUL).minute % 10)
    }
  })

  test('crawl days every intervalDays, counted from the last slot run', ({ assert }) => {
    const task = settings({
      intervalDays: 3,
      customTimes: ['09:00', '21:30'],
      lastSlotAt: at('2026-12-07 09:00'),
    })
    // the same day's later slot still counts, then three days on
    assert.equal(
      wall(nextRun(task, at('2026-12-07 09:01'), SEOUL)?.runAt),
      '2026-12-07 21:30 +09:00'
    )
    const afterEvening = { ...task, lastSlotAt: at('2026-12-07 21:30') }
    assert.equal(
      wall(nextRun(afterEvening, at('2026-12-07 21:31'), SEOUL)?.runAt),
      '2026-12-10 09:00 +09:00'
    )
    // without a run yet, the first day is the day it is scheduled
    const fresh = settings({ intervalDays: 3, customTimes: ['09:00'] })
    assert.equal(
      wall(nextRun(fresh, at('2026-12-07 08:00'), SEOUL)?.runAt),
      '2026-12-07 09:00 +09:00'
    )
    assert.equal(
      wall(nextRun(fresh, at('2026-12-07 10:00'), SEOUL)?.runAt),
      '2026-12-10 09:00 +09:00'
    )
  })
})

test.group('Outside schedule: a DST zone (America/New_York)', () => {
  test('spring forward (2027-03-14): 02:30 does not exist and runs when the clock jumps', ({
    assert,
  }) => {
    const due = nextRun(
      settings({ customTimes: ['02:30'] }),
      at('2027-03-14 01:00', NEW_YORK),
      NEW_YORK
    )
    assert.equal(wall(due?.runAt, NEW_YORK), '2027-03-14 03:30 -04:00')
    // beside 03:00, it comes after it: the slots stay ascending and distinct
    const task = settings({ customTimes: ['02:30', '03:00'] })
    const first = nextRun(task, at('2027-03-14 00:00', NEW_YORK), NEW_YORK)!
    assert.equal(wall(first.runAt, NEW_YORK), '2027-03-14 03:00 -04:00')
    const second = nextRun({ ...task, lastSlotAt: first.slotAt }, first.runAt, NEW_YORK)!
    assert.equal(wall(second.runAt, NEW_YORK), '2027-03-14 03:30 -04:00')
  })

  test('spring forward: hourly slots make 23 runs that day, one per real hour', ({ assert }) => {
    let task = settings({ intervalHours: 1 })
    let now: DateTime = at('2027-03-13 23:59', NEW_YORK)
    const seen: string[] = []
    for (let i = 0; i < 30; i++) {
      const due = nextRun(task, now, NEW_YORK)!
      if (due.runAt.setZone(NEW_YORK).toISODate() !== '2027-03-14') break
      seen.push(due.runAt.setZone(NEW_YORK).toFormat('HH:mm'))
      task = { ...task, lastSlotAt: due.slotAt }
      now = due.runAt.plus({ seconds: 30 })
    }
    assert.lengthOf(seen, 23)
    assert.notInclude(seen, '02:00')
    assert.deepEqual(seen.slice(0, 3), ['00:00', '01:00', '03:00'])
  })

  test('fall back (2027-11-07): the repeated 01:30 runs once, at its first pass', ({ assert }) => {
    const task = settings({ customTimes: ['01:30'] })
    const due = nextRun(task, at('2027-11-07 00:00', NEW_YORK), NEW_YORK)!
    assert.equal(wall(due.runAt, NEW_YORK), '2027-11-07 01:30 -04:00')
    const next = nextRun(
      { ...task, lastSlotAt: due.slotAt },
      due.runAt.plus({ minutes: 1 }),
      NEW_YORK
    )!
    // an hour later the wall clock reads 01:30 again (-05:00): not a second slot
    assert.equal(wall(next.runAt, NEW_YORK), '2027-11-08 01:30 -05:00')
  })

  test('fall back: hourly slots make 24 wall-clock runs (the repeated hour once)', ({ assert }) => {
    let task = settings({ intervalHours: 1 })
    let now: DateTime = at('2027-11-06 23:59', NEW_YORK)
    const seen: string[] = []
    for (let i = 0; i < 30; i++) {
      const due = nextRun(task, now, NEW_YORK)!
      if (due.runAt.setZone(NEW_YORK).toISODate() !== '2027-11-07') break
      seen.push(due.runAt.setZone(NEW_YORK).toFormat('HH:mm ZZ'))
      task = { ...task, lastSlotAt: due.slotAt }
      now = due.runAt.plus({ seconds: 30 })
    }
    assert.lengthOf(seen, 24)
    assert.deepEqual(seen.slice(1, 3), ['01:00 -04:00', '02:00 -05:00'])
  })
})

test.group('Outside schedule: missed slots and their replay', () => {
  // slots 10:00, 11:00, 12:00 …; the process was down from 09:30 to 13:20
  const lastSlotAt = at('2026-12-07 09:00')
  const back = at('2026-12-07 13:20')

  test("'late' runs once now, for the newest missed slot", ({ assert }) => {
    const due = nextRun(settings({ intervalHours: 1, lastSlotAt }), back, SEOUL)!
    assert.equal(due.trigger, 'late')
    assert.equal(wall(due.runAt), '2026-12-07 13:20 +09:00')
    assert.equal(wall(due.slotAt), '2026-12-07 13:00 +09:00')
    const then = nextRun(
      settings({ intervalHours: 1, lastSlotAt: due.slotAt }),
      back.plus({ minutes: 1 }),
      SEOUL
    )!
    assert.equal(then.trigger, 'schedule')
    assert.equal(wall(then.runAt), '2026-12-07 14:00 +09:00')
  })

  test("'skip' goes to the next future slot", ({ assert }) => {
    const due = nextRun(
      settings({ intervalHours: 1, replayStrategy: 'skip', lastSlotAt }),
      back,
      SEOUL
    )!
    assert.equal(due.trigger, 'schedule')
    assert.equal(wall(due.runAt), '2026-12-07 14:00 +09:00')
  })

  test("'catch_up' runs each missed slot in turn, then the schedule", ({ assert }) => {
    let task = settings({ intervalHours: 1, replayStrategy: 'catch_up', lastSlotAt })
    let now = back
    const replayed: string[] = []
    for (let i = 0; i < 10; i++) {
      const due = nextRun(task, now, SEOUL)!
      if (due.trigger !== 'catch_up') {
        assert.equal(wall(due.runAt), '2026-12-07 14:00 +09:00')
        break
      }
      assert.equal(due.runAt.toMillis(), now.toMillis())
      replayed.push(due.slotAt.setZone(SEOUL).toFormat('HH:mm'))
      task = { ...task, lastSlotAt: due.slotAt }
      now = now.plus({ seconds: 20 })
    }
    assert.deepEqual(replayed, ['10:00', '11:00', '12:00', '13:00'])
  })

  test('catch-up is bounded: a week down replays at most the newest 24 slots', ({ assert }) => {
    let task = settings({ intervalHours: 1, replayStrategy: 'catch_up', lastSlotAt })
    const weekLater = lastSlotAt.plus({ days: 7, minutes: 30 })
    const first = nextRun(task, weekLater, SEOUL)!
    assert.equal(
      wall(first.slotAt),
      wall(weekLater.minus({ hours: REPLAY_MAX }).startOf('hour').plus({ hours: 1 }))
    )
    let count = 0
    let now = weekLater
    for (let due = first; due.trigger === 'catch_up'; due = nextRun(task, now, SEOUL)!) {
      count++
      task = { ...task, lastSlotAt: due.slotAt }
      now = now.plus({ seconds: 10 })
    }
    assert.equal(count, REPLAY_MAX)
  })

  test('each hour follows its own strategy (replayByHour), the default elsewhere', ({ assert }) => {
    const task = settings({
      intervalHours: 1,
      replayStrategy: 'skip',
      replayByHour: { '11': 'catch_up', '12': 'late' },
      lastSlotAt,
    })
    const first = nextRun(task, back, SEOUL)!
    assert.equal(first.trigger, 'catch_up')
    assert.equal(wall(first.slotAt), '2026-12-07 11:00 +09:00')
    const second = nextRun({ ...task, lastSlotAt: first.slotAt }, back, SEOUL)!
    assert.equal(second.trigger, 'late')
    assert.equal(wall(second.slotAt), '2026-12-07 12:00 +09:00')
    // 13:00 is the default's: skipped
    const third = nextRun({ ...task, lastSlotAt: second.slotAt }, back, SEOUL)!
    assert.equal(third.trigger, 'schedule')
    assert.equal(wall(third.runAt), '2026-12-07 14:00 +09:00')
  })

  test('a due slot taken within the grace runs as scheduled; an old one is replayed', ({
    assert,
  }) => {
    const task = settings({ intervalHours: 1, replayStrategy: 'skip' })
    const slot = at('2026-12-07 10:00')
    const onTime = dueNow(task, slot, slot.plus({ seconds: 50 }), 120_000, SEOUL)!
    assert.equal(onTime.trigger, 'schedule')
    assert.equal(wall(onTime.slotAt), '2026-12-07 10:00 +09:00')
    const skipped = dueNow(task, slot, slot.plus({ minutes: 10 }), 120_000, SEOUL)!
    assert.equal(wall(skipped.runAt), '2026-12-07 11:00 +09:00')
    const late = dueNow(
      { ...task, replayStrategy: 'late' },
      slot,
      slot.plus({ minutes: 70 }),
      120_000,
      SEOUL
    )!
    assert.equal(late.trigger, 'late')
    assert.equal(wall(late.slotAt), '2026-12-07 11:00 +09:00')
    // a slot at midnight keeps its own day as the crawl day (every 2 days)
    const midnight = at('2026-12-08 00:00')
    const everyOther = settings({ intervalDays: 2, replayStrategy: 'catch_up' })
    const caught = dueNow(everyOther, midnight, midnight.plus({ hours: 1 }), 120_000, SEOUL)!
    assert.equal(caught.trigger, 'catch_up')
    assert.equal(wall(caught.slotAt), '2026-12-08 00:00 +09:00')
  })
})
