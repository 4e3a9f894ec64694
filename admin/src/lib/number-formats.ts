/**
 * One Intl.NumberFormat per language and options for the whole page: making
 * one costs far more than using it, and every card, row, cell and axis asks
 * for the same few. Throws as the constructor does (an unknown currency).
 */
const formats = new Map<string, Intl.NumberFormat>()

export function numberFormat(language: string, options?: Intl.NumberFormatOptions) {
  const key = `${language}|${JSON.stringify(options ?? {})}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(language, options)
    formats.set(key, format)
  }
  return format
}
