import type { TFunction } from 'i18next'

/** Where each portrait dimension's bucket words are (enum.portrait.<group>.<key>), first match wins. */
const BUCKET_GROUPS: Record<string, string[] | undefined> = {
  sex: ['sex'],
  age: [],
  region: ['region'],
  device: ['device', 'device_brand'],
  partition: ['partition'],
  label: ['label'],
}

const MISSING = '\u0000'

/**
 * The words Chinese platforms answer portrait buckets in ('广东', '美食', '华为'),
 * leading to the studio's bucket keys (enum.portrait.<group>.<key>), so that
 * every reader gets them in their own language.
 */
const CHINESE_BUCKETS: Record<string, Record<string, string>> = {
  region: {
    北京: 'beijing',
    天津: 'tianjin',
    河北: 'hebei',
    山西: 'shanxi',
    内蒙古: 'inner_mongolia',
    辽宁: 'liaoning',
    吉林: 'jilin',
    黑龙江: 'heilongjiang',
    上海: 'shanghai',
    江苏: 'jiangsu',
    浙江: 'zhejiang',
    安徽: 'anhui',
    福建: 'fujian',
    江西: 'jiangxi',
    山东: 'shandong',
    河南: 'henan',
    湖北: 'hubei',
    湖南: 'hunan',
    广东: 'guangdong',
    广西: 'guangxi',
    海南: 'hainan',
    重庆: 'chongqing',
    四川: 'sichuan',
    贵州: 'guizhou',
    云南: 'yunnan',
    西藏: 'tibet',
    陕西: 'shaanxi',
    甘肃: 'gansu',
    青海: 'qinghai',
    宁夏: 'ningxia',
    新疆: 'xinjiang',
    香港: 'hong_kong',
    澳门: 'macau',
    台湾: 'taiwan',
    韩国: 'korea',
    美国: 'united_states',
    日本: 'japan',
    越南: 'vietnam',
    其他: 'other',
  },
  partition: {
    生活: 'lifestyle',
    美食: 'food',
    游戏: 'games',
    音乐: 'music',
    舞蹈: 'dance',
    知识: 'knowledge',
    娱乐: 'entertainment',
    其他: 'other',
  },
  label: {
    韩国文化: 'korean_culture',
    韩流音乐: 'k_pop',
    烹饪: 'cooking',
    旅行: 'travel',
    美妆: 'makeup',
    游戏: 'gaming',
    学习: 'study',
    萌宠: 'pets',
    其他: 'other',
  },
  device_brand: {
    华为: 'huawei',
    小米: 'xiaomi',
  },
}

/** A Chinese place or word without the province / city / region suffix. */
function chineseName(value: string) {
  return value.trim().replace(/(?:省|市|自治区|特别行政区)$/, '')
}

/** 'Guangdong' → 'guangdong', 'K-pop' → 'k_pop', 'United States' → 'united_states'. */
function bucketKey(bucket: string) {
  return bucket
    .trim()
    .toLowerCase()
    .replace(/[\s\-/]+/g, '_')
}

/**
 * A bucket in the reader's language: age groups worded ('<18' → "Under 18"),
 * known regions, categories, tendencies and devices translated, a country
 * code named by the browser; anything else (a platform's own word) as it came.
 */
export function bucketLabel(
  t: TFunction,
  dimension: string,
  bucket: string,
  regions?: Intl.DisplayNames | null
) {
  if (dimension === 'age') return ageLabel(t, bucket)
  for (const group of BUCKET_GROUPS[dimension] ?? []) {
    const key = CHINESE_BUCKETS[group]?.[chineseName(bucket)] ?? bucketKey(bucket)
    const words = t(`enum.portrait.${group}.${key}`, { defaultValue: MISSING })
    if (words !== MISSING) return words
  }
  if (dimension === 'region' && /^[A-Z]{2}$/.test(bucket.trim())) {
    return regions?.of(bucket.trim()) ?? bucket
  }
  return bucket
}

function ageLabel(t: TFunction, bucket: string) {
  const value = bucket.trim()
  const under = /^(?:<|≤|under\s*)(\d+)$/i.exec(value)
  if (under) return t('enum.portrait.age.under', { age: under[1] })
  const over = /^(?:>|≥)(\d+)$|^(\d+)\s*\+$/.exec(value)
  if (over) return t('enum.portrait.age.over', { age: over[1] ?? over[2] })
  const range = /^(\d+)\s*[-–~]\s*(\d+)$/.exec(value)
  if (range) return t('enum.portrait.age.range', { from: range[1], to: range[2] })
  if (/^\d+$/.test(value)) return t('enum.portrait.age.exact', { age: value })
  return t(`enum.portrait.age.${bucketKey(value)}`, { defaultValue: value })
}
