import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { DateTime } from 'luxon'
import Alert from '#models/alert'
import { UserFactory } from '#database/factories/user_factory'
import { AlertFactory } from '#database/factories/alert_factory'
import AlertScanService from '#services/alerts/alert_scan_service'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorWithAccount, march } from '#tests/helpers/metrics'
import { COLLECT_ERROR_CODES, splitCollectError } from '#shared/collect_errors'
import { LOCALES } from '#shared/constants'

const NOW = DateTime.fromISO('2025-03-11T05:00:00Z')

/** The admin's sentences for the failure codes, per language. */
function sentences(locale: string): Record<string, string> {
  const path = new URL(`../../../admin/src/locales/alerts/${locale}.json`, import.meta.url)
  return JSON.parse(readFileSync(path, 'utf8')).alerts.collect_errors
}

test.group('alerts / a failed collection in the reader’s language', (group) => {
  setupFunctionalGroup(group)

  test('the stored `code: message` is read into a code and its detail', ({ assert }) => {
    assert.deepEqual(splitCollectError('network: connect ETIMEDOUT'), {
      code: 'network',
      detail: 'connect ETIMEDOUT',
    })
    assert.deepEqual(splitCollectError('bad_response: unexpected body: {"code":0}'), {
      code: 'bad_response',
      detail: 'unexpected body: {"code":0}',
    })
    assert.deepEqual(splitCollectError('deferred'), { code: 'deferred', detail: null })
    // no known code in front: the whole text is the detail of a generic failure
    assert.deepEqual(splitCollectError('Socket hang up: retry'), {
      code: 'error',
      detail: 'Socket hang up: retry',
    })
    assert.isNull(splitCollectError(null))
    assert.isNull(splitCollectError('  '))
  })

  test('the scan stores the code apart from the detail; the API answers both', async ({
    client,
    assert,
  }) => {
    const failed = await creatorWithAccount('xiaohongshu', {
      collectStatus: 1,
      collectError: 'network: connect ETIMEDOUT 10.0.0.1:443',
      collectFailedAt: NOW,
    })
    await AlertScanService.scan({ day: march(10), now: NOW })
    const alert = await Alert.query().where('kind', 'collection_failed').firstOrFail()
    assert.deepEqual(alert.figures, {
      error_code: 'network',
      error: 'connect ETIMEDOUT 10.0.0.1:443',
    })

    // an alert written before the code was kept apart reads the same way
    await AlertFactory.merge({
      kind: 'collection_failed',
      creatorId: failed.creator.id,
      accountId: failed.account.id,
      platform: 'xiaohongshu',
      day: march(9),
      figures: { error: 'bad_response: upstat answered data: {}' },
    }).create()

    const staff = await UserFactory.create()
    const list = await client
      .get('/api/alerts')
      .qs({ kind: 'collection_failed', status: 'active' })
      .loginAs(staff)
    list.assertStatus(200)
    const figures = list.body().map((row: { figures: unknown }) => row.figures)
    assert.sameDeepMembers(figures, [
      { error_code: 'network', error: 'connect ETIMEDOUT 10.0.0.1:443' },
      { error_code: 'bad_response', error: 'upstat answered data: {}' },
    ])

    // the creator's detail gives the account's failure the same way
    const detail = await client.get(`/api/creators/${failed.creator.id}`).loginAs(staff)
    detail.assertStatus(200)
    const account = detail
      .body()
      .accounts.find((row: { platform: string }) => row.platform === 'xiaohongshu')
    assert.include(account, {
      collect_error_code: 'network',
      collect_error_detail: 'connect ETIMEDOUT 10.0.0.1:443',
    })
  })

  test('every failure code has its own sentence in each language, never the raw code', ({
    assert,
  }) => {
    const english = sentences('en')
    for (const locale of LOCALES) {
      const words = sentences(locale)
      for (const code of COLLECT_ERROR_CODES) {
        const sentence = words[code]
        assert.isString(sentence, `${locale}: ${code}`)
        assert.notMatch(sentence, /^[a-z_.]+$/, `${locale}: ${code} is worded, not a key`)
        assert.notInclude(sentence, `${code}:`, `${locale}: ${code}`)
        if (locale !== 'en') assert.notEqual(sentence, english[code], `${locale}: ${code}`)
      }
      const distinct = new Set(COLLECT_ERROR_CODES.map((code) => words[code]))
      assert.equal(distinct.size, COLLECT_ERROR_CODES.length, `${locale}: one sentence per code`)
    }
  })
})
