import { test } from '@japa/runner'
import { Redis } from 'ioredis'
import TransferLocker, { TRANSFER_BUSY } from '#services/uploads/transfer_lock'
import { freePort, sleep, startRedis, stop, type Owned } from '#tests/helpers/processes'

/**
 * The tus lock of an upload across instances: two lockers, each with its
 * own Redis client (two API processes), on a redis-server of the test's own.
 * Short timings: a lease of 600 ms renewed every 150 ms, a wait of 400 ms.
 */
const TIMINGS = { leaseMs: 600, renewMs: 150, waitMs: 400, pollMs: 25 }

test.group('TransferLocker: one writer per upload across instances', (group) => {
  let redis: Owned
  let clients: Redis[] = []
  let lockers: TransferLocker[] = []
  group.setup(async () => {
    const port = await freePort()
    redis = await startRedis(port)
    clients = [0, 1].map(() => new Redis({ port, host: '127.0.0.1', keyPrefix: 'mcn:' }))
    lockers = clients.map((client) => new TransferLocker({ ...TIMINGS, redis: () => client }))
    return async () => {
      for (const client of clients) client.disconnect()
      await stop(redis)
    }
  })

  const noRelease = () => {}

  test('a second instance waits, then is refused with 409; a released lock can be taken', async ({
    assert,
  }) => {
    const [a, b] = lockers
    const first = a.newLock('1-aa')
    await first.lock(new AbortController().signal, noRelease)
    assert.isNotNull(await clients[0].get('tus:lock:1-aa'), 'the lease is in Redis, prefixed')

    const startedAt = Date.now()
    const refusal = await b
      .newLock('1-aa')
      .lock(new AbortController().signal, noRelease)
      .then(() => null)
      .catch((error) => error)
    assert.strictEqual(refusal, TRANSFER_BUSY)
    assert.equal(refusal.status_code, 409)
    assert.isAtLeast(Date.now() - startedAt, TIMINGS.waitMs - 10, 'it waited first')
    assert.isBelow(Date.now() - startedAt, TIMINGS.waitMs + 500, 'a bounded wait')

    // another upload is not held up
    const other = b.newLock('1-bb')
    await other.lock(new AbortController().signal, noRelease)
    await other.unlock()

    await first.unlock()
    assert.isNull(await clients[0].get('tus:lock:1-aa'), 'given back')
    const second = b.newLock('1-aa')
    await second.lock(new AbortController().signal, noRelease)
    await second.unlock()
  })

  test('a waiting instance takes the lock once the holder lets go within the wait', async ({
    assert,
  }) => {
    const [a, b] = lockers
    const first = a.newLock('1-cc')
    await first.lock(new AbortController().signal, noRelease)
    setTimeout(() => void first.unlock(), 150)
    const second = b.newLock('1-cc')
    await second.lock(new AbortController().signal, noRelease)
    assert.equal(await clients[1].get('tus:lock:1-cc'), await clients[0].get('tus:lock:1-cc'))
    await second.unlock()
  })

  test('a lease held past its life is renewed, not taken over', async ({ assert }) => {
    const [a, b] = lockers
    let released = 0
    const first = a.newLock('1-dd')
    await first.lock(new AbortController().signal, () => {
      released++
    })
    // three lease lives later the first still holds it
    await sleep(TIMINGS.leaseMs * 3)
    const refusal = await b
      .newLock('1-dd')
      .lock(new AbortController().signal, noRelease)
      .then(() => null)
      .catch((error) => error)
    assert.strictEqual(refusal, TRANSFER_BUSY)
    assert.equal(released, 0, 'the holder was never asked to stop')
    await first.unlock()
  })

  test('a holder whose lease was lost is asked to stop; its release leaves the new one', async ({
    assert,
  }) => {
    const [a, b] = lockers
    let released = 0
    const first = a.newLock('1-ee')
    await first.lock(new AbortController().signal, () => {
      released++
    })
    await clients[1].del('tus:lock:1-ee')
    const second = b.newLock('1-ee')
    await second.lock(new AbortController().signal, noRelease)
    await sleep(TIMINGS.renewMs * 3)
    assert.equal(released, 1, 'the first stops receiving')
    await first.unlock()
    assert.isNotNull(await clients[1].get('tus:lock:1-ee'), 'the second keeps its lease')
    await second.unlock()
  })

  test('in one instance a newer request asks the holder to let go, as MemoryLocker', async ({
    assert,
  }) => {
    const [a] = lockers
    const first = a.newLock('1-ff')
    let asked = 0
    await first.lock(new AbortController().signal, () => {
      if (asked++ === 0) setTimeout(() => void first.unlock(), 50)
    })
    const second = a.newLock('1-ff')
    await second.lock(new AbortController().signal, noRelease)
    assert.isAtLeast(asked, 1)
    await second.unlock()
  })

  test('without Redis the process lock alone is used', async ({ assert }) => {
    const locker = new TransferLocker(TIMINGS)
    const first = locker.newLock('1-gg')
    let asked = 0
    await first.lock(new AbortController().signal, () => {
      if (asked++ === 0) void first.unlock()
    })
    const second = locker.newLock('1-gg')
    await second.lock(new AbortController().signal, noRelease)
    await second.unlock()
    assert.isNull(locker.redis)
  })
})
