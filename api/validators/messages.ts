import type { I18n } from '@adonisjs/i18n'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'

/**
 * Validation messages of one area of the studio in the caller's language.
 * An area's language file (resources/lang/<lang>/<area>.json) names its
 * fields under `<prefix>.fields.<field>` (an item of a list by its list's
 * name) and may word its own messages under
 * `<prefix>.messages.<field path>.<rule>` or `<prefix>.messages.<rule>`;
 * every other rule is worded by the shared validator.json.
 */
export function areaMessages(i18n: I18n, prefix: string): MessagesProviderContact {
  const shared = i18n.createMessagesProvider()
  return {
    getMessage(defaultMessage: string, rule: string, field: FieldContext, meta?: any) {
      // an item of a list (`tabs.0`) is named as its list ('information tabs'), not by its index
      const key = field.isArrayMember ? field.wildCardPath.replace(/\.\*$/, '') : field.name
      const translated = i18n.resolveIdentifier(`${prefix}.fields.${key}`)
      const name = translated ? i18n.formatRawMessage(translated.message) : String(field.name)
      const own =
        i18n.resolveIdentifier(`${prefix}.messages.${field.wildCardPath}.${rule}`) ??
        i18n.resolveIdentifier(`${prefix}.messages.${rule}`)
      if (own) return i18n.formatRawMessage(own.message, { field: name, ...meta })
      return shared.getMessage(defaultMessage, rule, { ...field, name }, meta)
    },
  }
}
