import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { I18nProvider } from '@refinedev/core'
import en from '../locales/en.json'
import ko from '../locales/ko.json'
import zh from '../locales/zh.json'
import ja from '../locales/ja.json'
import { codeOf, getLanguage, localeOf, setLanguage } from '../state/session'

/**
 * The four interface languages, bundled into the build (not fetched at run
 * time). The chosen language is stored locally as kr, ch, en or jp.
 */
i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ko: { translation: ko }, zh: { translation: zh }, ja: { translation: ja } },
  lng: localeOf(getLanguage()),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
})

document.documentElement.lang = i18n.language

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: any, defaultMessage?: string) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === 'object' ? options : {}) }) as string,
  changeLocale: async (locale: string) => {
    setLanguage(codeOf(locale))
    document.documentElement.lang = locale
    await i18n.changeLanguage(locale)
  },
  getLocale: () => i18n.language,
}

export default i18n
