import type {
  ContractStatus,
  CreatorCategory,
  CreatorKind,
  PlatformKey,
  PrivateField,
  PrivateLevel,
} from '@shared/constants'
import type { ImportWarning } from '../../components/import-warnings'

/** Shapes of the creators API as the admin reads them (GET /api/creators, /api/creators/:id and their parts). */

interface TeamRef {
  id: number
  key: string
  name: string
}

interface PrivateValue {
  masked: string | null
  present: boolean
}

export interface PlatformAccount {
  id: number
  platform: PlatformKey
  uid: string | null
  channel_name: string | null
  channel_url: string | null
  fans: number
  active: boolean
  token_present: boolean
  token_hint: string | null
  token_status: number
  token_connected_at: string | null
  token_expires_at: string | null
  token_expiring: boolean
  cookie_present: boolean
  cookie_status: number
  cookie_entered_at: string | null
  cookie_checked_at: string | null
  cookie_recheck_due_at: string | null
  cookie_recheck_due: boolean
  /** 0 collected, 1 the last daily collection failed. */
  collect_status: number
  collect_error: string | null
  /** The failure's code (worded by alerts.collect_errors.*) and its technical detail. */
  collect_error_code?: string | null
  collect_error_detail?: string | null
  last_collected_at: string | null
  collect_failed_at: string | null
}

export interface AdPrice {
  id: number
  platform: PlatformKey
  format: string
  price: string
  currency: string
  note: string | null
}

export interface PortraitBucket {
  bucket: string
  share: number | string
}

type PortraitSet = Partial<Record<string, PortraitBucket[]>>

/** What a creator's row in the list and its detail both carry. */
interface CreatorBase {
  id: number
  brand_no: string
  contract_no: string | null
  kind: CreatorKind
  contractor_name: string
  channel_name: string
  channel_name_zh: string | null
  category: CreatorCategory
  nationality: string | null
  contract_status: ContractStatus
  cp_team: TeamRef | null
  total_fans: number
  failing: boolean
  is_new: boolean
  favorite: boolean
  created_at: string
}

export interface Creator extends CreatorBase {
  channel_intro_zh: string | null
  youtube_channel_name: string | null
  youtube_url: string | null
  avatar_url: string | null
  area_code: string | null
  gender: string | null
  company_ref: string | null
  contract_date: string | null
  end_date: string | null
  cancel_date: string | null
  has_authorization_doc: boolean
  ip_business_exclusive: boolean
  video_exclusive_china: boolean
  contracted_platforms: PlatformKey[] | null
  min_monthly_videos: number
  ad_income_ratio: number | null
  other_income_ratio: number | null
  remark: string | null
  sns_kr: string | null
  sns_zh: string | null
  uploader: { id: number; name: string } | null
  user: { id: number; email: string; status: string } | null
  baidu_app_id: string | null
  baidu_token_present: boolean
  private: Partial<Record<PrivateField, PrivateValue>>
  accounts: PlatformAccount[]
  ad_prices: AdPrice[]
  portraits: { fans?: PortraitSet; non_fans?: PortraitSet } | null
  memo_count: number
  updated_at: string
}

export interface CreatorListItem extends CreatorBase {
  phone_masked: string | null
  accounts: {
    platform: PlatformKey
    uid: string | null
    fans: number
    token_status: number
    cookie_status: number
  }[]
}

export interface CreatorSummary {
  total: number
  CR: number
  IP: number
  CH: number
  accounts: number
  new: number
  failing: number
  terminated: number
  token_status: Partial<Record<PlatformKey, { connected: number; cannot_access: number }>>
  tiers: Record<string, number>
}

export interface Memo {
  id: number
  body: string
  user: { id: number; name: string } | null
  created_at: string
}

export interface RevealResult {
  level: PrivateLevel
  fields: Partial<Record<PrivateField, string | null>>
  expires_at: string
}

export interface CreatorImport {
  id: number
  status: string
  total_rows: number
  processed_rows: number
  created_count: number
  updated_count: number
  /** Rows equal to what is stored: not written. */
  unchanged_count?: number
  errors: { row: number; column: string | null; message: string }[]
  /** Titles read as another column, or not read. */
  warnings?: ImportWarning[]
  finished_at: string | null
}

/** What each tab of a creator's data analysis is given. */
export interface CreatorDataProps {
  creatorId: number
  accounts: PlatformAccount[]
}
