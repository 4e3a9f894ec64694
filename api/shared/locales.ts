import { LANGUAGES, type Locale } from './constants.js'

/** Maps what a client sends (kr, ch, jp, ko-KR, zh-CN …) onto one of the studio's locales. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null
  const lower = value.trim().toLowerCase()
  for (const language of LANGUAGES) {
    if (
      lower === language.code ||
      lower === language.locale ||
      lower.startsWith(`${language.locale}-`)
    ) {
      return language.locale
    }
  }
  if (lower === 'cn') return 'zh'
  return null
}
