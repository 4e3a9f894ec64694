/**
 * Reports (/app/report_page, /app/mcn_report, /api/creator/report_month,
 * /api/power-bi/accounts/self): the columns, who sees money and the limits
 * shared by the API and the admin. Keep it free of Node-only imports.
 *
 * Who sees what (enforced by ReportPolicy and by the query in
 * the model scopes Team.coveredByReportsOf and Creator.inPowerBiFeedOf):
 * - admins and finance: every team, with money (revenue, settled);
 * - managers: the teams they manage, with those teams' money totals;
 * - staff: the teams they belong to, without money;
 * - creators: only their own confirmed and paid statements (report_month);
 * - companies: no report.
 */

/** The non-money figures of a team's month, in the table's order. */
export const REPORT_FIGURES = [
  'creators',
  'videos',
  'upload_tasks',
  'views',
  'fans_growth',
] as const
/** The money figures (won, decimal strings), only for admins and finance. */
export const REPORT_MONEY = ['revenue_krw', 'settled_krw'] as const

/** Statements a report counts: final ones only (a draft can still change). */
export const REPORTED_STATEMENT_STATUSES = ['confirmed', 'paid'] as const

export const REPORT_LIMITS = {
  /** Most months one report spans. */
  monthsMax: 36,
  /** Most statements one page of report_month lists. */
  pageMax: 200,
} as const

/** One team's month. `team_id` null: creators without a CP team. Money only for money roles. */
export interface TeamMonthRow {
  month: string
  team_id: number | null
  team: string | null
  creators: number
  videos: number
  upload_tasks: number
  views: number
  fans_growth: number
  revenue_krw?: string
  settled_krw?: string
}

export interface TeamReport {
  from: string
  to: string
  months: string[]
  /** Whether the money columns are present. */
  money: boolean
  /** The teams the report covers (id null: no team), in display order. */
  teams: { team_id: number | null; team: string | null; name: string | null }[]
  rows: TeamMonthRow[]
  /** Per month, the sum over the rows' teams. */
  totals: Omit<TeamMonthRow, 'team_id' | 'team'>[]
}

/** One row of the Power BI feed: one platform account. */
export interface PowerBiAccountRow {
  account_id: number
  creator_id: number
  brand_no: string
  creator_name: string
  team: string | null
  platform: string
  uid: string | null
  channel_name: string | null
  channel_url: string | null
  active: boolean
  fans: number
  views: number
  last_collected_at: string | null
}
