import { useCallback, useMemo, useRef, useState } from 'react'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { REPORT_FIGURES, REPORT_MONEY } from '@shared/reports'
import type { TableColumnType } from 'antd'
import { useApiQuery } from '../../lib/use-api-query'
import { figureColumn } from '../../lib/table'
import { useNumberFormat } from '../../lib/format'
import type { ReportColumn, TeamMonthRow, TeamReport } from './types'

/** The last six whole months up to last month. */
const defaultRange = (): [Dayjs, Dayjs] => {
  const last = dayjs().subtract(1, 'month').startOf('month')
  return [last.subtract(5, 'month'), last]
}

/**
 * The team report of both report screens: the month range and team filter,
 * the report (GET /api/reports/teams), the teams the caller may pick (from
 * the last answer without a team filter), the columns it has (money only
 * for admins and finance), the figure the charts show, and how to name a
 * team and write a figure.
 */
export function useTeamReport() {
  const { t } = useTranslation()
  const { format, money } = useNumberFormat()
  const [range, setRange] = useState<[Dayjs, Dayjs]>(defaultRange)
  const [teamId, setTeamId] = useState<number | undefined>()
  const query = useMemo(
    () => ({
      from: range[0].format('YYYY-MM'),
      to: range[1].format('YYYY-MM'),
      team_id: teamId,
    }),
    [range, teamId]
  )
  const report = useApiQuery<TeamReport>('/api/reports/teams', query)
  const data = report.error ? undefined : report.data

  const teamsSeen = useRef<TeamReport['teams']>([])
  if (data && teamId === undefined) teamsSeen.current = data.teams

  const columns: ReportColumn[] = data?.money
    ? [...REPORT_FIGURES, ...REPORT_MONEY]
    : [...REPORT_FIGURES]
  const [picked, setShown] = useState<ReportColumn>('views')
  const shown = columns.includes(picked) ? picked : columns[0]
  const teamName = useCallback(
    (team: { team: string | null }) =>
      team.team ? t(`enum.team.${team.team}`, { defaultValue: team.team }) : t('reports.no_team'),
    [t]
  )
  const figure = useCallback(
    (column: ReportColumn, value: number | string | undefined) =>
      (REPORT_MONEY as readonly string[]).includes(column) ? `₩${money(value)}` : format(value),
    [money, format]
  )
  /** A report table's columns of the figures it has. */
  const figureColumns = <Row extends Pick<TeamMonthRow, ReportColumn>>(): TableColumnType<Row>[] =>
    columns.map((column) =>
      figureColumn<Row>(column, t(`reports.columns.${column}`), (row) =>
        figure(column, row[column])
      )
    )

  return {
    query,
    range,
    setRange,
    teamId,
    setTeamId,
    report,
    data,
    teams: teamsSeen.current,
    columns,
    shown,
    setShown,
    teamName,
    figure,
    figureColumns,
  }
}
export type TeamReportState = ReturnType<typeof useTeamReport>
