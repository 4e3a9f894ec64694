import { test } from '@japa/runner'
import { keywordsOf, stripKoreanParticle, titleLanguage } from '#services/tracking/keywords'
import { milestonesOf } from '#services/tracking/milestones'

const words = (titles: string[]) =>
  Object.fromEntries(keywordsOf(titles).map((keyword) => [keyword.word, keyword.count]))

test.group('tracking: keyword cloud of video titles', () => {
  test('a title is read in the language of its script', ({ assert }) => {
    assert.equal(titleLanguage('成都火锅探店'), 'zh')
    assert.equal(titleLanguage('東京でラーメンを食べる'), 'ja')
    assert.equal(titleLanguage('서울 라면 먹방'), 'ko')
    assert.equal(titleLanguage('How to cook ramen'), 'en')
  })

  test('Chinese titles are segmented by jieba, stop words dropped, counted per occurrence', ({
    assert,
  }) => {
    const found = words([
      '成都火锅探店：这家火锅真的太好吃了！',
      '我们推荐成都火锅',
      '【美食】在家做火锅的方法',
    ])
    assert.equal(found['火锅'], 4)
    assert.equal(found['成都'], 2)
    assert.equal(found['美食'], 1)
    for (const stop of ['的', '了', '我们', '真的', '在']) assert.notProperty(found, stop)
  })

  test('Japanese titles are split into words, particles and fillers dropped', ({ assert }) => {
    const found = words([
      '東京で美味しいラーメンを食べる',
      'ラーメン屋さん巡り 東京編',
      '東京の夜景 動画',
    ])
    assert.equal(found['東京'], 3)
    assert.equal(found['ラーメン'], 2)
    assert.equal(found['美味しい'], 1)
    for (const stop of ['で', 'を', 'の', '動画']) assert.notProperty(found, stop)
  })

  test('Korean words lose their trailing particle; stop words dropped', ({ assert }) => {
    assert.equal(stripKoreanParticle('서울에서'), '서울')
    assert.equal(stripKoreanParticle('라면을'), '라면')
    // too short once cut, or an adjective: kept whole
    assert.equal(stripKoreanParticle('사과'), '사과')
    assert.equal(stripKoreanParticle('맛있는'), '맛있는')
    const found = words([
      '서울에서 맛있는 라면 먹방 브이로그',
      '라면을 끓이는 법',
      '서울 여행 브이로그 영상',
    ])
    assert.equal(found['서울'], 2)
    assert.equal(found['라면'], 2)
    assert.equal(found['브이로그'], 2)
    assert.notProperty(found, '영상')
  })

  test('English words are lower-cased, stop words, numbers and single letters dropped', ({
    assert,
  }) => {
    const found = words([
      'How to cook the BEST Ramen at home',
      'Ramen vs Udon: which is better? Part 2',
      'My ramen vlog — a day in Tokyo',
    ])
    assert.equal(found['ramen'], 3)
    assert.equal(found['tokyo'], 1)
    for (const stop of ['the', 'to', 'vs', 'my', 'a', '2', 'part', 'is']) {
      assert.notProperty(found, stop)
    }
  })

  test('mixed titles count Latin words as English; the most frequent come first', ({ assert }) => {
    const keywords = keywordsOf(['成都火锅 Vlog', '火锅 vlog', '東京 vlog'], 2)
    assert.deepEqual(
      keywords.map((keyword) => [keyword.word, keyword.count, keyword.language]),
      [
        ['vlog', 3, 'en'],
        ['火锅', 2, 'zh'],
      ]
    )
  })
})

test.group('tracking: growth milestones', () => {
  test('the first day the total fans reached each tier; a dip does not move it', ({ assert }) => {
    const history = [
      { date: '2025-03-02', fans: 900 },
      { date: '2025-03-01', fans: 800 },
      { date: '2025-03-03', fans: 1_010 },
      { date: '2025-03-04', fans: 990 },
      { date: '2025-03-05', fans: 5_000 },
      { date: '2025-03-06', fans: 12_000 },
    ]
    const milestones = milestonesOf(history, [1_000, 5_000, 10_000, 30_000])
    assert.deepEqual(milestones, [
      { tier: 1_000, reached_on: '2025-03-03', fans: 1_010, before_history: false },
      { tier: 5_000, reached_on: '2025-03-05', fans: 5_000, before_history: false },
      { tier: 10_000, reached_on: '2025-03-06', fans: 12_000, before_history: false },
      { tier: 30_000, reached_on: null, fans: null, before_history: false },
    ])
  })

  test('a tier passed before the history began is dated on its first day, marked so', ({
    assert,
  }) => {
    const [first] = milestonesOf([{ date: '2025-03-01', fans: 2_000 }], [1_000])
    assert.deepEqual(first, {
      tier: 1_000,
      reached_on: '2025-03-01',
      fans: 2_000,
      before_history: true,
    })
  })
})
