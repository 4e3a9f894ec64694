import { test } from '@japa/runner'
import { axisLabel, axisLabels } from '../../admin/src/lib/axis.js'

/** Ticks of 196 to 204 million: one compact decimal reads 2억 · 2亿 · 2億 on every line. */
const AROUND_200M = [196e6, 198e6, 200e6, 202e6, 204e6]

const apart = (labels: string[]) => labels.every((label, i) => i === 0 || label !== labels[i - 1])

test.group('chart value axes', () => {
  test('ticks around 200 million keep apart in Korean, Chinese and Japanese', ({ assert }) => {
    assert.deepEqual(axisLabels('ko', AROUND_200M), ['1.96억', '1.98억', '2억', '2.02억', '2.04억'])
    assert.deepEqual(axisLabels('zh', AROUND_200M), ['1.96亿', '1.98亿', '2亿', '2.02亿', '2.04亿'])
    assert.deepEqual(axisLabels('ja', AROUND_200M), ['1.96億', '1.98億', '2億', '2.02億', '2.04億'])
    assert.deepEqual(axisLabels('en', AROUND_200M), ['196M', '198M', '200M', '202M', '204M'])
  })

  test('no more decimals than needed', ({ assert }) => {
    assert.deepEqual(axisLabels('ko', [0, 5e7, 1e8, 1.5e8, 2e8]), [
      '0',
      '5000만',
      '1억',
      '1.5억',
      '2억',
    ])
    assert.deepEqual(axisLabels('en', [0, 20_000, 40_000, 60_000]), ['0', '20K', '40K', '60K'])
    assert.deepEqual(axisLabels('ja', [0, 0.5, 1, 1.5]), ['0', '0.5', '1', '1.5'])
  })

  test('three decimals at most, then the full numbers', ({ assert }) => {
    const close = [200_000_100, 200_000_200, 200_000_300]
    assert.deepEqual(axisLabels('ko', close), ['200,000,100', '200,000,200', '200,000,300'])
    // three decimals round 1.9995억 to 2억 as well
    assert.deepEqual(axisLabels('ko', [1.9995e8, 2e8, 2.0005e8]), [
      '199,950,000',
      '200,000,000',
      '200,050,000',
    ])
    for (const language of ['ko', 'zh', 'ja', 'en']) {
      for (const ticks of [AROUND_200M, close, [-2e8, -1e8, 0, 1e8], [1.001e9, 1.002e9, 1.003e9]]) {
        assert.isTrue(apart(axisLabels(language, ticks)), `${language} ${ticks.join(' ')}`)
      }
    }
  })

  test('a label is found among the ticks the chart hands over', ({ assert }) => {
    assert.equal(axisLabel('ko', 198e6, AROUND_200M), '1.98억')
    assert.equal(axisLabel('ko', 200e6, AROUND_200M), '2억')
    // G2 hands the value through prettyNumber: a float a hair away from its tick
    assert.equal(axisLabel('zh', 0.30000000000000004, [0.1, 0.2, 0.3]), '0.3')
    // alone, without ticks: as short as it goes
    assert.equal(axisLabel('ja', 123_456_789), '1億')
  })
})
