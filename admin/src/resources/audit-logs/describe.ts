import type { TFunction } from 'i18next'

/*
 * The studio log's details in the reader's language: each meta key as a
 * label (studio_log.fields.*, else the creator form's own label), each value
 * translated where it is an enumeration (role, status, team, platform …),
 * changes as "before → after", and nothing at all for an empty meta.
 */

interface DetailLine {
  label: string
  text: string
}

type Change = { from: unknown; to: unknown }

/** Meta keys whose values are an enumeration, and where their words are. */
const ENUMS: Record<string, string> = {
  role: 'enum.role',
  status: 'enum.status',
  account_type: 'enum.account_type',
  team: 'enum.team',
  teams: 'enum.team',
  cp_team: 'enum.team',
  kind: 'enum.kind',
  category: 'enum.category',
  platform: 'enum.platform',
  platforms: 'enum.platform',
  contracted_platforms: 'enum.platform',
  gender: 'enum.sex',
  sex: 'enum.sex',
  contract_status: 'enum.contract_status',
  level: 'creators.private.levels',
  via: 'studio_log.values.via',
}

/** Values whose meaning depends on the action (a deal's stages, a post's status). */
const ACTION_ENUMS: Record<string, Record<string, string>> = {
  'deal.move': { from: 'market.stages', to: 'market.stages' },
  'board.create': { status: 'board' },
}

function isChange(value: unknown): value is Change {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'from' in value &&
    'to' in value
  )
}

function isEmpty(value: unknown) {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  )
}

export function describer(t: TFunction, language: string) {
  const regions = safeDisplayNames(language, 'region')
  const languages = safeDisplayNames(language, 'language')
  const number = new Intl.NumberFormat(language)

  const label = (field: string) =>
    t(`studio_log.fields.${field}`, {
      defaultValue: t(`creators.fields.${field}`, { defaultValue: field.replace(/_/g, ' ') }),
    })

  const value = (field: string, raw: unknown, action?: string): string => {
    if (raw === null || raw === undefined || raw === '') return t('common.none')
    if (Array.isArray(raw)) return raw.map((item) => value(field, item, action)).join(', ')
    if (typeof raw === 'boolean') return t(raw ? 'common.yes' : 'common.no')
    if (typeof raw === 'number') return field.endsWith('_id') ? `#${raw}` : number.format(raw)
    const text = String(raw)
    const prefix = (action && ACTION_ENUMS[action]?.[field]) ?? ENUMS[field]
    if (prefix) return t(`${prefix}.${text}`, { defaultValue: text })
    if (field === 'nationality') return regions?.of(text.toUpperCase()) ?? text
    if (field === 'locale') return languages?.of(text) ?? text
    return text
  }

  const changeText = (field: string, change: Change) =>
    `${value(field, change.from)} → ${value(field, change.to)}`

  /** The lines one entry's meta reads as (none for an empty meta). */
  return function describe(action: string, meta: Record<string, unknown> | null): DetailLine[] {
    const lines: DetailLine[] = []
    for (const [key, raw] of Object.entries(meta ?? {})) {
      if (isEmpty(raw)) continue
      if (key === 'changes' && typeof raw === 'object') {
        for (const [field, change] of Object.entries(raw as Record<string, unknown>)) {
          if (isChange(change)) lines.push({ label: label(field), text: changeText(field, change) })
        }
      } else if (key === 'accounts' && typeof raw === 'object' && !Array.isArray(raw)) {
        for (const [platform, changes] of Object.entries(raw as Record<string, unknown>)) {
          const name = t(`enum.platform.${platform}`, { defaultValue: platform })
          for (const [field, change] of Object.entries((changes ?? {}) as object)) {
            if (isChange(change)) {
              lines.push({ label: `${name} · ${label(field)}`, text: changeText(field, change) })
            }
          }
        }
      } else if (key === 'fields' && Array.isArray(raw)) {
        lines.push({
          label: label('fields'),
          text: raw.map((field) => label(String(field))).join(', '),
        })
      } else if (key === 'ids' && Array.isArray(raw)) {
        lines.push({ label: label('ids'), text: raw.map((id) => `#${id}`).join(', ') })
      } else if (isChange(raw)) {
        lines.push({ label: label(key), text: changeText(key, raw) })
      } else {
        lines.push({ label: label(key), text: value(key, raw, action) })
      }
    }
    return lines
  }
}

function safeDisplayNames(language: string, type: 'region' | 'language') {
  try {
    return new Intl.DisplayNames([language], { type })
  } catch {
    return null
  }
}

/** A subject type in words, with its id. */
export function subjectText(t: TFunction, type: string | null, id: string | null) {
  if (!type) return t('common.none')
  const name = t(`studio_log.subjects.${type}`, { defaultValue: type.replace(/_/g, ' ') })
  return id ? `${name} #${id}` : name
}
