import { PRIVATE_LEVELS, TOKEN_PLATFORMS, type PrivateField } from '@shared/constants'
import type { Creator } from '../types'

/**
 * The creator form's platform tabs: the SPEC §2 ones and Kuaishou, whose
 * login is connected by OAuth from its tab like Douyin's (its account is
 * saved with the creator as the others are).
 */
export const FORM_PLATFORMS = [...TOKEN_PLATFORMS, 'kwai'] as const
export type TokenPlatform = (typeof FORM_PLATFORMS)[number]

export const PRIVATE_FIELDS = Object.values(PRIVATE_LEVELS).flat() as PrivateField[]

/** Creator fields the form edits directly (everything of the API input but private data and secrets). */
const CREATOR_FIELDS = [
  'brand_no',
  'contract_no',
  'kind',
  'contractor_name',
  'channel_name',
  'channel_name_zh',
  'channel_intro_zh',
  'youtube_channel_name',
  'youtube_url',
  'category',
  'nationality',
  'area_code',
  'gender',
  'company_ref',
  'contract_date',
  'end_date',
  'has_authorization_doc',
  'ip_business_exclusive',
  'video_exclusive_china',
  'contracted_platforms',
  'min_monthly_videos',
  'ad_income_ratio',
  'other_income_ratio',
  'remark',
  'sns_kr',
  'sns_zh',
  'cp_team',
  'uploader_id',
  'baidu_app_id',
] as const
type CreatorField = (typeof CREATOR_FIELDS)[number]

export const ACCOUNT_FIELDS = [
  'uid',
  'channel_name',
  'channel_url',
  'token',
  'token_connected_at',
  'cookie',
  'cookie_2',
] as const
type AccountField = (typeof ACCOUNT_FIELDS)[number]
export type AccountValues = Partial<Record<AccountField, string | null>>

export type CreatorFormValues = Partial<Record<CreatorField | PrivateField, any>> & {
  accounts?: Partial<Record<TokenPlatform, AccountValues>>
  baidu_token?: string
}

export const CREATE_DEFAULTS: CreatorFormValues = {
  kind: 'CR',
  category: undefined,
  has_authorization_doc: false,
  ip_business_exclusive: false,
  video_exclusive_china: false,
  contracted_platforms: [],
  min_monthly_videos: 0,
  accounts: {},
}

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null)

/** The form's values for an existing creator (private data and secrets stay blank). */
export function toFormValues(creator: Creator): CreatorFormValues {
  const values: CreatorFormValues = {}
  for (const field of CREATOR_FIELDS) {
    if (field === 'cp_team') values.cp_team = creator.cp_team?.key ?? null
    else if (field === 'uploader_id') values.uploader_id = creator.uploader?.id ?? null
    else if (field === 'contract_date' || field === 'end_date') values[field] = day(creator[field])
    else if (field === 'contracted_platforms')
      values.contracted_platforms = creator.contracted_platforms ?? []
    else values[field] = (creator as any)[field] ?? null
  }
  const accounts: CreatorFormValues['accounts'] = {}
  for (const platform of FORM_PLATFORMS) {
    const account = creator.accounts?.find((item) => item.platform === platform)
    accounts[platform] = {
      uid: account?.uid ?? null,
      channel_name: account?.channel_name ?? null,
      channel_url: account?.channel_url ?? null,
      token_connected_at: day(account?.token_connected_at),
    }
  }
  values.accounts = accounts
  return values
}

const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

function clean(value: unknown) {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (Array.isArray(value) && value.length === 0) return null
  return value ?? null
}

function same(a: unknown, b: unknown) {
  return JSON.stringify(clean(a)) === JSON.stringify(clean(b))
}

/**
 * The body of POST (every filled field) or PATCH (only what changed, and
 * private fields only when typed in — empty means 'keep').
 */
function creatorPayload(values: CreatorFormValues, initial: CreatorFormValues | null) {
  const payload: Record<string, unknown> = {}
  for (const field of CREATOR_FIELDS) {
    let value = clean(values[field])
    if (field === 'contracted_platforms' && values.video_exclusive_china) value = null
    if (field === 'contracted_platforms' && Array.isArray(value) && !value.length) value = null
    if (initial) {
      if (!same(value, initial[field] ?? null)) payload[field] = value
    } else if (!blank(value)) payload[field] = value
  }
  for (const field of PRIVATE_FIELDS) {
    const value = clean(values[field])
    if (!blank(value)) payload[field] = value
  }
  return payload
}

export type AccountChange = { platform: TokenPlatform } & Record<string, string | null>

/** The platform accounts to send: what changed, and secrets only when typed in. */
function accountChanges(
  values: CreatorFormValues,
  initial: CreatorFormValues | null
): AccountChange[] {
  const changes: AccountChange[] = []
  for (const platform of FORM_PLATFORMS) {
    const current = values.accounts?.[platform] ?? {}
    const before = initial?.accounts?.[platform] ?? {}
    const body: Record<string, string | null> = {}
    for (const field of ['uid', 'channel_name', 'channel_url', 'token_connected_at'] as const) {
      const value = clean(current[field]) as string | null
      // The connection date cannot be cleared, only set (the API sets it when a token arrives).
      if (field === 'token_connected_at' && value === null) continue
      if (initial ? !same(value, before[field] ?? null) : !blank(value)) body[field] = value
    }
    for (const field of ['token', 'cookie', 'cookie_2'] as const) {
      const value = clean(current[field]) as string | null
      if (!blank(value)) body[field] = value
    }
    if (Object.keys(body).length) changes.push({ platform, ...body })
  }
  return changes
}

/** What POST /api/creators or PATCH /api/creators/:id receives: fields, accounts and the Baidu token. */
export type CreatorBody = Record<string, unknown> & { accounts?: AccountChange[] }

/**
 * The one request body of a save: the creator's fields (every filled one, or
 * only what changed), the platform accounts that changed with the secrets
 * typed in, and the Baidu token when one was typed in.
 */
export function creatorBody(values: CreatorFormValues, initial: CreatorFormValues | null) {
  const body: CreatorBody = creatorPayload(values, initial)
  const accounts = accountChanges(values, initial)
  if (accounts.length) body.accounts = accounts
  const token = typeof values.baidu_token === 'string' ? values.baidu_token.trim() : ''
  if (token) body.baidu_token = token
  return body
}

/** Which tab holds a field, so that a failed validation can open it. */
export function tabOfField(name: (string | number)[]): string {
  if (name[0] === 'accounts' && typeof name[1] === 'string') return name[1]
  if (name[0] === 'baidu_token' || name[0] === 'baidu_app_id') return 'haokan'
  return 'basic'
}
