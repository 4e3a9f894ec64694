import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { I18nProvider } from '@refinedev/core'
import en from '../locales/en.json'
import ko from '../locales/ko.json'
import zh from '../locales/zh.json'
import ja from '../locales/ja.json'
import { codeOf, getLanguage, localeOf, setLanguage } from './session'

type Messages = { [key: string]: string | Messages }

/**
 * Areas keep their own files (locales/<area>/<locale>.json) beside the
 * shared ones; they are merged into one tree per language at build time.
 */
const AREA_FILES = import.meta.glob<Messages>('../locales/*/*.json', {
  eager: true,
  import: 'default',
})

function merge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key]
    target[key] =
      typeof value === 'object' && typeof current === 'object'
        ? merge({ ...current }, value)
        : value
  }
  return target
}

function bundle(locale: string, base: Messages): Messages {
  return Object.entries(AREA_FILES)
    .filter(([path]) => path.endsWith(`/${locale}.json`))
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce((tree, [, messages]) => merge(tree, messages), merge({}, base))
}

/**
 * The four interface languages, bundled into the build (not fetched at run
 * time). The chosen language is stored locally as kr, ch, en or jp.
 */
i18n.use(initReactI18next).init({
  resources: {
    en: { translation: bundle('en', en) },
    ko: { translation: bundle('ko', ko) },
    zh: { translation: bundle('zh', zh) },
    ja: { translation: bundle('ja', ja) },
  },
  lng: localeOf(getLanguage()),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
})

document.documentElement.lang = i18n.language

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: any, defaultMessage?: string) =>
    i18n.t(key, {
      defaultValue: defaultMessage,
      ...(typeof options === 'object' ? options : {}),
    }) as string,
  changeLocale: async (locale: string) => {
    setLanguage(codeOf(locale))
    document.documentElement.lang = locale
    await i18n.changeLanguage(locale)
  },
  getLocale: () => i18n.language,
}

export default i18n
