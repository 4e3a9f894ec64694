import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import i18next from 'i18next'
import app from '@adonisjs/core/services/app'
import { mergeMessages, type Messages } from '../../admin/src/lib/messages.js'

/** A language's words as the admin merges them: the shared file, then every area's, in name order. */
export function adminWords(locale: string): Messages {
  const root = app.makePath('admin/src/locales')
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Messages
  let tree = read(join(root, `${locale}.json`))
  for (const area of readdirSync(root).sort()) {
    if (statSync(join(root, area)).isDirectory()) {
      tree = mergeMessages(tree, read(join(root, area, `${locale}.json`)))
    }
  }
  return tree
}

/** An i18next `t` over those words, as the admin sets it up (no HTML escaping). */
export async function adminTranslator(locale: string) {
  const instance = i18next.createInstance()
  await instance.init({
    lng: locale,
    resources: { [locale]: { translation: adminWords(locale) } },
    interpolation: { escapeValue: false },
  })
  return instance.t
}
