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

/** 'Guangdong' → 'guangdong', 'K-pop' → 'k_pop', 'United States' → 'united_states'. */
export function bucketKey(bucket: string) {
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
  const key = bucketKey(bucket)
  for (const group of BUCKET_GROUPS[dimension] ?? []) {
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
