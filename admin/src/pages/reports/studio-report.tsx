import { useMemo, useState } from 'react'
import { useCan } from '@refinedev/core'
import { Alert, Card, Space, Table } from 'antd'
import { PageFrame } from '../../components/page-frame'
import { useTranslation } from 'react-i18next'
import { LineChart } from '../../components/charts'
import { useNumberFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { ScreenSkeleton } from '../../components/layout/screen-skeleton'
import { ReportFilters } from './report-filters'
import { FigurePicker, chartValue } from './figure-picker'
import { MyStatements } from './my-statements'
import { useTeamReport } from './use-team-report'
import type { ReportColumn, TeamReport } from './types'

type Total = TeamReport['totals'][number]

/**
 * /app/mcn_report — the studio's monthly report: the months' totals over
 * the teams the caller may see, one figure over time and the same figure
 * by team, the totals table and its Excel download. A creator account's
 * Report menu opens here and shows its own statements.
 */
export default function StudioReport() {
  const { data: canTeams, isPending } = useCan({ resource: 'reports', action: 'teams' })
  if (isPending) return <ScreenSkeleton />
  return canTeams?.can ? <StudioReportScreen /> : <MyStatements />
}

function StudioReportScreen() {
  const { t } = useTranslation()
  const { axis } = useNumberFormat()
  const state = useTeamReport()
  const { data, report, columns, teamName, figure } = state
  const [picked, setPicked] = useState<ReportColumn>('views')
  const shown = columns.includes(picked) ? picked : columns[0]

  const total = useMemo(
    () =>
      (data?.totals ?? []).map((row) => ({
        x: row.month,
        value: chartValue(row[shown]),
        series: t('reports.studio.total'),
      })),
    [data, shown, t]
  )
  const byTeam = useMemo(
    () =>
      (data?.rows ?? []).map((row) => ({
        x: row.month,
        value: chartValue(row[shown]),
        series: teamName(row),
      })),
    [data, shown, teamName]
  )
  const format = (value: number) => figure(shown, value)

  return (
    <PageFrame
      testId="studio-report"
      title={t('reports.studio.title')}
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
          <LineChart
            data={total}
            formatValue={format}
            formatAxis={axis}
            empty={t('reports.empty')}
            testId="report-total-chart"
          />
        </Space>
      </Card>
      <Card title={t('reports.studio.by_team')}>
        <LineChart
          data={byTeam}
          formatValue={format}
          formatAxis={axis}
          empty={t('reports.empty')}
          testId="report-by-team-chart"
        />
      </Card>
      <Card title={t('reports.studio.table')}>
        <Table<Total>
          rowKey="month"
          size="small"
          loading={report.loading}
          dataSource={data?.totals ?? []}
          pagination={false}
          scroll={{ x: true }}
          data-testid="report-totals"
        >
          <Table.Column<Total> dataIndex="month" title={t('reports.columns.month')} />
          {columns.map((column) => (
            <Table.Column<Total>
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
