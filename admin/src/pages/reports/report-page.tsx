import { useMemo, useState } from 'react'
import { useCan } from '@refinedev/core'
import { Alert, Card, Space, Table } from 'antd'
import { PageFrame } from '../../components/page-frame'
import { useTranslation } from 'react-i18next'
import { Chart } from '../../components/charts'
import { useNumberFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { ScreenSkeleton } from '../../components/layout/screen-skeleton'
import { ReportFilters } from './report-filters'
import { FigurePicker, chartValue } from './figure-picker'
import { MyStatements } from './my-statements'
import { useTeamReport } from './use-team-report'
import type { ReportColumn, TeamMonthRow } from './types'

/**
 * /app/report_page — the report by team (SPEC §2 'Report page'): each
 * team's month (creators, videos, uploads, views, fan growth; revenue and
 * settled won for admins and finance), a chart of one figure per team over
 * the range, and the table's Excel download. Managers see the teams they
 * manage, staff their teams; a creator account its own statements.
 */
export default function ReportPage() {
  const { data: canTeams, isPending } = useCan({ resource: 'reports', action: 'teams' })
  if (isPending) return <ScreenSkeleton />
  return canTeams?.can ? <TeamReportScreen /> : <MyStatements />
}

function TeamReportScreen() {
  const { t } = useTranslation()
  const { compact, axis } = useNumberFormat()
  const state = useTeamReport()
  const { data, report, columns, teamName, figure } = state
  const [picked, setPicked] = useState<ReportColumn>('views')
  const shown = columns.includes(picked) ? picked : columns[0]

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
    <PageFrame
      testId="report-page"
      title={t('reports.page.title')}
      extra={<ReportFilters state={state} />}
    >
      <Card>
        {report.error && <Alert type="error" showIcon message={report.error} />}
        {data && !data.money && (
          <Alert
            type="info"
            showIcon
            message={t('reports.no_money')}
            style={{ marginBottom: 12 }}
          />
        )}
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <FigurePicker columns={columns} value={shown} onChange={setPicked} />
          <Chart
            kind="column"
            data={bars}
            formatValue={(value) => figure(shown, value)}
            formatAxis={axis}
            formatLabel={compact}
            empty={t('reports.empty')}
            testId="report-team-chart"
          />
        </Space>
      </Card>
      <Card title={t('reports.page.table')}>
        <Table<TeamMonthRow>
          rowKey={(row) => `${row.month}-${row.team_id ?? 'none'}`}
          size="small"
          loading={report.loading}
          dataSource={data?.rows ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          data-testid="report-table"
        >
          <Table.Column<TeamMonthRow> dataIndex="month" title={t('reports.columns.month')} />
          <Table.Column<TeamMonthRow>
            title={t('reports.columns.team')}
            render={(_, row) => teamName(row)}
            onCell={nowrap}
          />
          {columns.map((column) => (
            <Table.Column<TeamMonthRow>
              key={column}
              title={t(`reports.columns.${column}`)}
              align="right"
              onCell={nowrap}
              render={(_, row) => figure(column, row[column])}
            />
          ))}
        </Table>
      </Card>
    </PageFrame>
  )
}
