import { test } from '@japa/runner'
import { adminTranslator as translatorOf } from '#tests/helpers/admin_words'
import { bucketLabel } from '../../admin/src/resources/creators/components/portrait-labels.js'

test.group('fan portrait labels in the reader’s language', () => {
  test('regions, categories, tendencies, devices, ages and Other are translated', async ({
    assert,
  }) => {
    const zh = await translatorOf('zh')
    const regions = new Intl.DisplayNames(['zh'], { type: 'region' })
    const label = (dimension: any, bucket: string) => bucketLabel(zh, dimension, bucket, regions)
    assert.equal(label('region', 'Guangdong'), '广东')
    assert.equal(label('region', 'Other'), '其他')
    assert.equal(label('region', 'United States'), '美国')
    assert.equal(label('region', 'KR'), regions.of('KR'))
    assert.equal(label('partition', 'Knowledge'), '知识')
    assert.equal(label('label', 'Gaming'), '游戏')
    assert.equal(label('label', 'K-pop'), '韩流音乐')
    assert.equal(label('device', 'Huawei'), '华为')
    assert.equal(label('device', 'Other'), '其他')
    assert.equal(label('sex', 'female'), '女')
    assert.equal(label('age', '<18'), '18岁以下')
    assert.equal(label('age', '18-24'), '18–24岁')
    assert.equal(label('age', '>40'), '40岁以上')
    // a platform's own word that the studio does not know stays as it came
    assert.equal(label('label', '二次元'), '二次元')

    const en = await translatorOf('en')
    // a Chinese platform's own words read in the reader's language too
    assert.equal(bucketLabel(en, 'region', '广东省'), 'Guangdong')
    assert.equal(bucketLabel(en, 'region', '北京'), 'Beijing')
    assert.equal(bucketLabel(en, 'partition', '美食'), 'Food')

    const ko = await translatorOf('ko')
    assert.equal(bucketLabel(ko, 'region', 'Guangdong'), '광둥')
    assert.equal(bucketLabel(ko, 'partition', 'Other'), '기타')
    assert.equal(bucketLabel(ko, 'age', '25-30'), '25–30세')
    const ja = await translatorOf('ja')
    assert.equal(bucketLabel(ja, 'label', 'Gaming'), 'ゲーム')
    assert.equal(bucketLabel(ja, 'age', '<18'), '18歳未満')
  })
})
