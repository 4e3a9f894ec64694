import { COMMON_COUNTRIES, COUNTRY_CODES } from '@shared/countries'

const names = new Map<string, Intl.DisplayNames | null>()

function displayNames(locale: string) {
  if (!names.has(locale)) {
    try {
      names.set(locale, new Intl.DisplayNames([locale], { type: 'region' }))
    } catch {
      names.set(locale, null)
    }
  }
  return names.get(locale)!
}

/** A country's name in the reader's language ('KR' → 대한민국 / 韩国 / South Korea / 韓国), else the code. */
export function countryName(code: string | null | undefined, locale: string) {
  if (!code) return ''
  try {
    return displayNames(locale)?.of(code) ?? code
  } catch {
    return code
  }
}

interface CountryOption {
  value: string
  label: string
  /** Words a search matches: the code, the name in the reader's language and in English. */
  search: string
}

/** Every country, the common ones first, then by name in the reader's language. */
export function countryOptions(locale: string): CountryOption[] {
  const option = (code: string) => {
    const name = countryName(code, locale)
    return {
      value: code,
      label: `${name} (${code})`,
      search: `${code} ${name} ${countryName(code, 'en')}`.toLowerCase(),
    }
  }
  const common = new Set(COMMON_COUNTRIES)
  const rest = COUNTRY_CODES.filter((code) => !common.has(code))
    .map(option)
    .sort((a, b) => a.label.localeCompare(b.label, locale))
  return [...COMMON_COUNTRIES.map(option), ...rest]
}
