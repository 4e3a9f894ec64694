import i18nManager from '@adonisjs/i18n/services/main'
import type { I18n } from '@adonisjs/i18n'
import type { TitleWarning, TitleWarningKey } from '#support/workbook_header'

/*
| The warnings of a workbook import about its titles (workbook_header.ts),
| stored once and read in any language: messages under
| resources/lang/<locale>/import.json `warnings.<key>`, shared by every
| workbook import.
*/

export interface StoredTitleWarning extends TitleWarning {
  /** The English message, for logs and the command line. */
  message: string
}

/** A title warning as an API answer gives it, in the reader's language. */
interface PresentedTitleWarning {
  kind: TitleWarningKey
  column: string
  title: string
  meant: string | null
  message: string
}

const dataOf = (warning: TitleWarning) => ({
  column: warning.column,
  title: warning.title,
  meant: warning.meant ?? '',
})

export function storeTitleWarnings(warnings: readonly TitleWarning[]): StoredTitleWarning[] {
  const english = i18nManager.locale('en')
  return warnings.map((warning) => ({
    ...warning,
    message: english.t(`import.warnings.${warning.key}`, dataOf(warning)),
  }))
}

export function translateTitleWarnings(
  warnings: readonly TitleWarning[] | null | undefined,
  i18n: Pick<I18n, 't'>
): PresentedTitleWarning[] {
  return (warnings ?? []).map((warning) => ({
    kind: warning.key,
    column: warning.column,
    title: warning.title,
    meant: warning.meant ?? null,
    message: i18n.t(`import.warnings.${warning.key}`, dataOf(warning)),
  }))
}
