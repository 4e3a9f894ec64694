import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { I18nProvider } from '@refinedev/core'
import type { Locale as AntdLocale } from 'antd/es/locale'
import dayjs from 'dayjs'
import type { Locale } from '@shared/constants'
import { codeOf, getLanguage, localeOf, setLanguage } from './session'
import { mergeMessages, type Messages } from '../lib/messages'

/*
 * The four interface languages are part of the build (never fetched from
 * elsewhere at run time), but each is its own chunk: a reader downloads the
 * language they read, not all four. Areas keep their own files
 * (locales/<area>/<locale>.json) beside the shared ones; the build groups a
 * language's files into one chunk (vite.config.ts) and they are merged into
 * one tree here.
 */
const SHARED = import.meta.glob<Messages>('../locales/*.json', { import: 'default' })
const AREAS = import.meta.glob<Messages>('../locales/*/*.json', { import: 'default' })

/** antd's and dayjs's own words (pickers, pagination, empty states) per language. */
const ANTD: Record<Locale, () => Promise<AntdLocale | undefined>> = {
  en: async () => undefined,
  ko: async () => (await import('antd/es/locale/ko_KR')).default,
  zh: async () => (await import('antd/es/locale/zh_CN')).default,
  ja: async () => (await import('antd/es/locale/ja_JP')).default,
}
const DAYJS: Record<Locale, { name: string; load: () => Promise<unknown> }> = {
  en: { name: 'en', load: async () => undefined },
  ko: { name: 'ko', load: () => import('dayjs/locale/ko') },
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
}

async function messagesOf(locale: Locale): Promise<Messages> {
  const files = Object.entries(AREAS)
    .filter(([path]) => path.endsWith(`/${locale}.json`))
    .sort(([a], [b]) => a.localeCompare(b))
  const [shared, ...areas] = await Promise.all([
    SHARED[`../locales/${locale}.json`](),
    ...files.map(([, load]) => load()),
  ])
  return areas.reduce((tree, messages) => mergeMessages(tree, messages), mergeMessages({}, shared))
}

const antdLocales = new Map<string, AntdLocale | undefined>()
const loading = new Map<string, Promise<void>>()

/** Loads a language once: the studio's words, antd's and dayjs's. */
function ensureLocale(locale: Locale): Promise<void> {
  if (!loading.has(locale)) {
    const load = Promise.all([messagesOf(locale), ANTD[locale](), DAYJS[locale].load()]).then(
      ([messages, antd]) => {
        // A language is added once, whole and freshly merged: nothing to merge it
        // into and no copy to make.
        i18n.addResourceBundle(locale, 'translation', messages, false, true, {
          silent: false,
          skipCopy: true,
        })
        antdLocales.set(locale, antd)
      }
    )
    loading.set(locale, load)
  }
  return loading.get(locale)!
}

/** antd's words for the current language (undefined: antd's English). */
export function antdLocaleOf(locale: string): AntdLocale | undefined {
  return antdLocales.get(locale)
}

function apply(locale: Locale) {
  document.documentElement.lang = locale
  dayjs.locale(DAYJS[locale]?.name ?? 'en')
}

/**
 * Starts i18next with the stored language (kr, ch, en or jp); the page renders
 * once it is loaded. Every key exists in all four (a unit test holds that), so
 * no fallback language is downloaded.
 */
export async function startI18n() {
  const locale = localeOf(getLanguage())
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: locale,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  await ensureLocale(locale)
  apply(locale)
}

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: any, defaultMessage?: string) =>
    i18n.t(key, {
      defaultValue: defaultMessage,
      ...(typeof options === 'object' ? options : {}),
    }) as string,
  changeLocale: async (locale: string) => {
    const next = localeOf(codeOf(locale))
    // The choice is kept at once, even if the page reloads before its words arrive.
    setLanguage(codeOf(next))
    await ensureLocale(next)
    apply(next)
    await i18n.changeLanguage(next)
  },
  getLocale: () => i18n.language,
}

export default i18n
