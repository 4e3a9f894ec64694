import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import { dayOf } from '#services/metrics/rollup_service'
import Team from '#models/team'
import { monthRange } from '#services/settlement/settlement_service'
import { dec, fixed } from '#services/settlement/settlement_math'
import { seesMoney, seesTeamMoney } from '#shared/roles'
import {
  REPORT_FIGURES,
  REPORT_LIMITS,
  REPORT_MONEY,
  REPORTED_STATEMENT_STATUSES,
  type TeamMonthRow,
  type TeamReport,
} from '#shared/reports'

/** 'YYYY-MM' months from `from` to `to`, both included. */
function monthsBetween(from: string, to: string) {
  const start = DateTime.fromFormat(from, 'yyyy-MM', { zone: 'utc' })
  const end = DateTime.fromFormat(to, 'yyyy-MM', { zone: 'utc' })
  const months: string[] = []
  for (let month = start; month <= end; month = month.plus({ months: 1 })) {
    months.push(month.toFormat('yyyy-MM'))
    if (months.length > REPORT_LIMITS.monthsMax) break
  }
  return months
}

type TeamKey = number | null
const keyOf = (value: unknown): TeamKey =>
  value === null || value === undefined ? null : Number(value)

/**
 * The monthly team report (/app/report_page, /app/mcn_report): per team of
 * the creators' CP team and month —
 * - creators: under contract at some time in the month (contract date, if
 *   any, before the month ends; cancel and end dates, if any, not before it
 *   starts);
 * - videos: published on a platform in the month (videos.published_at, UTC,
 *   as the settlement counts them);
 * - upload_tasks: uploads started from the studio's Upload Station in the month;
 * - views and fans_growth: the sums of the daily view and fan differences of
 *   the month's snapshots (metric_snapshots), as the dashboards sum them;
 * - revenue_krw and settled_krw (admins and finance only): the platform
 *   total in won and the settled won of the month's confirmed and paid
 *   statements (drafts can still change).
 * Months are calendar months in UTC, like the settlement's.
 */
export default class TeamReportService {
  static async build(
    user: User,
    params: { from: string; to: string; team_id?: number }
  ): Promise<TeamReport> {
    if (params.from > params.to) {
      throw new StudioException('reports.errors.range_order', { status: 422 })
    }
    const months = monthsBetween(params.from, params.to)
    if (months.length > REPORT_LIMITS.monthsMax) {
      throw new StudioException('reports.errors.range_too_long', {
        status: 422,
        data: { max: REPORT_LIMITS.monthsMax },
      })
    }
    const money = seesTeamMoney(user)
    // every team, and the creators of none, for money roles; else the teams the reports cover
    const scope = seesMoney(user)
      ? null
      : await Team.query()
          .withScopes((scopes) => scopes.coveredByReportsOf(user))
          .select('id')
          .then((rows) => rows.map((row) => row.id))
    const teamIds = params.team_id !== undefined ? [params.team_id] : scope

    const teamsQuery = db
      .from('teams')
      .select('id', 'key', 'name')
      .orderBy('sort_order')
      .orderBy('id')
    if (teamIds !== null) teamsQuery.whereIn('id', teamIds)
    const teamRows = teamIds !== null && teamIds.length === 0 ? [] : await teamsQuery
    const teams: TeamReport['teams'] = teamRows.map((row) => ({
      team_id: Number(row.id),
      team: String(row.key),
      name: String(row.name),
    }))
    if (teamIds === null) teams.push({ team_id: null, team: null, name: null })

    const rows: TeamMonthRow[] = []
    if (teams.length) {
      const scoped = (query: DatabaseQueryBuilderContract<any>, column: string) =>
        teamIds === null ? query : query.whereIn(column, teamIds)
      const creators = await scoped(
        db.from('creators').select('id', 'cp_team_id', 'contract_date', 'end_date', 'cancel_date'),
        'cp_team_id'
      )
      for (const month of months) {
        const figures = await this.#month(month, creators, scoped, money)
        for (const team of teams) {
          const found = figures.get(team.team_id)
          const row: TeamMonthRow = {
            month,
            team_id: team.team_id,
            team: team.team,
            creators: found?.creators ?? 0,
            videos: found?.videos ?? 0,
            upload_tasks: found?.upload_tasks ?? 0,
            views: found?.views ?? 0,
            fans_growth: found?.fans_growth ?? 0,
          }
          if (money) {
            row.revenue_krw = fixed(dec(found?.revenue_krw ?? '0'))
            row.settled_krw = fixed(dec(found?.settled_krw ?? '0'))
          }
          rows.push(row)
        }
      }
    }

    // a team (or "no team") is listed only when it holds something in the
    // range, unless it is the team asked for
    const empty = (row: TeamMonthRow) =>
      REPORT_FIGURES.every((key) => row[key] === 0) &&
      REPORT_MONEY.every((key) => row[key] === undefined || dec(row[key]!).eq(0))
    const used = new Set(rows.filter((row) => !empty(row)).map((row) => row.team_id))
    const kept = (teamId: TeamKey) =>
      used.has(teamId) || (teamId !== null && teamId === params.team_id)
    const shown = rows.filter((row) => kept(row.team_id))
    const shownTeams = teams.filter((team) => kept(team.team_id))

    const totals = months.map((month) => {
      const ofMonth = shown.filter((row) => row.month === month)
      const total: TeamReport['totals'][number] = {
        month,
        creators: 0,
        videos: 0,
        upload_tasks: 0,
        views: 0,
        fans_growth: 0,
      }
      for (const key of REPORT_FIGURES) total[key] = ofMonth.reduce((sum, row) => sum + row[key], 0)
      if (money) {
        for (const key of REPORT_MONEY) {
          total[key] = fixed(ofMonth.reduce((sum, row) => sum.plus(dec(row[key] ?? '0')), dec(0)))
        }
      }
      return total
    })

    return {
      from: params.from,
      to: params.to,
      months,
      money,
      teams: shownTeams,
      rows: shown,
      totals,
    }
  }

  static async #month(
    month: string,
    creators: Record<string, unknown>[],
    scoped: (
      query: DatabaseQueryBuilderContract<any>,
      column: string
    ) => DatabaseQueryBuilderContract<any>,
    money: boolean
  ) {
    const { first, next } = monthRange(month)
    const figures = new Map<TeamKey, Omit<TeamMonthRow, 'month' | 'team_id' | 'team'>>()
    const of = (team: TeamKey) => {
      let entry = figures.get(team)
      if (!entry) {
        entry = { creators: 0, videos: 0, upload_tasks: 0, views: 0, fans_growth: 0 }
        figures.set(team, entry)
      }
      return entry
    }
    const day = (value: unknown) => (value ? dayOf(value) : null)

    for (const creator of creators) {
      const contract = day(creator.contract_date)
      const end = day(creator.end_date)
      const cancel = day(creator.cancel_date)
      if (contract && contract >= next) continue
      if (end && end < first) continue
      if (cancel && cancel < first) continue
      of(keyOf(creator.cp_team_id)).creators += 1
    }

    /** Rows of `table` (as `alias`) counted by their creator's team, in the teams shown. */
    const byTeam = (table: string, alias: string) =>
      scoped(
        db
          .from(`${table} as ${alias}`)
          .join('creators as c', 'c.id', `${alias}.creator_id`)
          .groupBy('c.cp_team_id')
          .select('c.cp_team_id'),
        'c.cp_team_id'
      )
    const [growth, videos, uploads, statements] = await Promise.all([
      byTeam('metric_snapshots', 's')
        .where('s.snapshot_date', '>=', first)
        .where('s.snapshot_date', '<', next)
        .sum('s.views_diff as views')
        .sum('s.fans_diff as fans_growth'),
      byTeam('videos', 'v')
        .where('v.published_at', '>=', `${first} 00:00:00`)
        .where('v.published_at', '<', `${next} 00:00:00`)
        .count('* as total'),
      byTeam('upload_tasks', 'u')
        .where('u.created_at', '>=', `${first} 00:00:00`)
        .where('u.created_at', '<', `${next} 00:00:00`)
        .count('* as total'),
      money
        ? byTeam('settlements', 'st')
            .where('st.month', first)
            .whereIn('st.status', [...REPORTED_STATEMENT_STATUSES])
            .sum('st.platform_total_krw as revenue_krw')
            .sum('st.settled_krw as settled_krw')
        : Promise.resolve([]),
    ])
    for (const row of growth) {
      const entry = of(keyOf(row.cp_team_id))
      entry.views = Number(row.views ?? 0)
      entry.fans_growth = Number(row.fans_growth ?? 0)
    }
    for (const row of videos) of(keyOf(row.cp_team_id)).videos = Number(row.total ?? 0)
    for (const row of uploads) of(keyOf(row.cp_team_id)).upload_tasks = Number(row.total ?? 0)
    for (const row of statements) {
      const entry = of(keyOf(row.cp_team_id))
      entry.revenue_krw = fixed(dec(String(row.revenue_krw ?? 0)))
      entry.settled_krw = fixed(dec(String(row.settled_krw ?? 0)))
    }
    return figures
  }
}
