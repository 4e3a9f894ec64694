import { useMemo } from 'react'
import { Card, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart } from '../../components/charts'
import { useNumberFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { chartValue } from './figure-picker'
import { TeamReportFrame, TeamsOrMyStatements } from './report-frame'
import { useTeamReport } from './use-team-report'
import type { TeamMonthRow } from './types'

/**
 * /app/report_page — the report by team (SPEC §2 'Report page'): each
 * team's month (creators, videos, uploads, views, fan growth; revenue and
 * settled won for admins and finance), a chart of one figure per team over
 * the range, and the table's Excel download. Managers see the teams they
 * manage, staff their teams; a creator account its own statements.
 */
export default function ReportPage() {
  return <TeamsOrMyStatements teams={<TeamReportScreen />} />
}

function TeamReportScreen() {
  const { t } = useTranslation()
  const { compact, axis } = useNumberFormat()
  const state = useTeamReport()
  const { data, report, shown, teamName, figure, figureColumns } = state

  // one value per team over the range: creators as of the last month, the rest summed
  const bars = useMemo(() => {
    if (!data) return []
    const last = data.months[data.months.length - 1]
    return data.teams.map((team) => {
      const rows = data.rows.filter((row) => row.team_id === team.team_id)
      const value =
        shown === 'creators'
          ? chartValue(rows.find((row) => row.month === last)?.creators)
          : rows.reduce((sum, row) => sum + chartValue(row[shown]), 0)
      return { label: teamName(team), value }
    })
  }, [data, shown, teamName])

  return (
    <TeamReportFrame
      state={state}
      testId="report-page"
      title={t('reports.page.title')}
      chart={
        <Chart
          kind="column"
          data={bars}
          formatValue={(value) => figure(shown, value)}
          formatAxis={axis}
          formatLabel={compact}
          empty={t('reports.empty')}
          testId="report-team-chart"
        />
      }
    >
      <Card title={t('reports.page.table')}>
        <Table<TeamMonthRow>
          rowKey={(row) => `${row.month}-${row.team_id ?? 'none'}`}
          size="small"
          loading={report.loading}
          dataSource={data?.rows ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          data-testid="report-table"
          columns={[
            { key: 'month', dataIndex: 'month', title: t('reports.columns.month') },
            {
              key: 'team',
              title: t('reports.columns.team'),
              render: (_, row) => teamName(row),
              onCell: nowrap,
            },
            ...figureColumns<TeamMonthRow>(),
          ]}
        />
      </Card>
    </TeamReportFrame>
  )
}
