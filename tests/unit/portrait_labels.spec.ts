import { test } from '@japa/runner'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import i18next from 'i18next'
import app from '@adonisjs/core/services/app'
import { bucketLabel } from '../../admin/src/resources/creators/components/portrait-labels.js'

type Tree = { [key: string]: string | Tree }

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key]
    target[key] =
      typeof value === 'object' && typeof current === 'object'
        ? merge({ ...current }, value)
        : value
  }
  return target
}

/** A language's words as the admin merges them (shared file, then each area). */
async function translatorOf(locale: string) {
  const root = app.makePath('admin/src/locales')
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Tree
  let tree = read(join(root, `${locale}.json`))
  for (const area of readdirSync(root).sort()) {
    if (statSync(join(root, area)).isDirectory()) {
      tree = merge(tree, read(join(root, area, `${locale}.json`)))
    }
  }
  const instance = i18next.createInstance()
  await instance.init({ lng: locale, resources: { [locale]: { translation: tree } } })
  return instance.t
}

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
