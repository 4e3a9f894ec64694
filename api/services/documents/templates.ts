import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import type { Locale } from '#shared/constants'
import type { DocumentKind } from '#shared/documents'

/** The wording of every document in one language (resources/documents/<lang>.json). */
export interface DocumentTemplate {
  common: {
    company: string
    number: string
    issued_on: string
    footer: string
    none: string
    yes: string
    no: string
    signature: string[]
    tabs: Record<string, string>
    fields: Record<string, string>
    contract_statuses: Record<string, string>
    platforms: Record<string, string>
    categories: Record<string, string>
  }
  kinds: Record<DocumentKind, { title: string; body: string[] }>
  statement: {
    title: string
    intro: string
    sections: Record<'activity' | 'revenue' | 'settlement' | 'rules', string>
    fields: Record<string, string>
    rate_line: string
    exchange_line: string
  }
}

const loaded = new Map<Locale, DocumentTemplate>()

/** The templates of `lang`, read once per process. */
export function documentTemplate(lang: Locale): DocumentTemplate {
  let template = loaded.get(lang)
  if (!template) {
    template = JSON.parse(
      readFileSync(app.makePath('resources/documents', `${lang}.json`), 'utf8')
    ) as DocumentTemplate
    loaded.set(lang, template)
  }
  return template
}

/** `text` with every `{name}` replaced by its value (unknown names are left as they are). */
export function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

const INTL_LOCALES: Record<Locale, string> = {
  ko: 'ko-KR',
  zh: 'zh-CN',
  en: 'en-GB',
  ja: 'ja-JP',
}

/** A calendar day (ISO `2026-11-27`) as the language writes it. */
export function formatDay(isoDay: string, lang: Locale) {
  const [year, month, day] = isoDay.split('-').map(Number)
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)))
}

/** A month (`2026-10`) as the language writes it. */
export function formatMonth(month: string, lang: Locale) {
  const [year, number] = month.split('-').map(Number)
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)))
}
