import app from '@adonisjs/core/services/app'
import { defineConfig, formatters, loaders } from '@adonisjs/i18n'

/**
 * Server messages in the four languages of the studio. The admin's language
 * codes (kr, ch, en, jp) map onto ko, zh, en, ja (see api/shared/locales.ts).
 */
const i18nConfig = defineConfig({
  defaultLocale: 'en',
  supportedLocales: ['en', 'ko', 'zh', 'ja'],
  formatter: formatters.icu(),
  loaders: [loaders.fs({ location: app.languageFilesPath() })],
})

export default i18nConfig
