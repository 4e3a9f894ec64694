import { useMemo } from 'react'
import { Card, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { LineChart } from '../../components/charts'
import { useNumberFormat } from '../../lib/format'
import { chartValue } from './figure-picker'
import { TeamReportFrame, TeamsOrMyStatements } from './report-frame'
import { useTeamReport } from './use-team-report'
import type { TeamReport } from './types'

type Total = TeamReport['totals'][number]

/**
 * /app/mcn_report — the studio's monthly report: the months' totals over
 * the teams the caller may see, one figure over time and the same figure
 * by team, the totals table and its Excel download. A creator account's
 * Report menu opens here and shows its own statements.
 */
export default function StudioReport() {
  return <TeamsOrMyStatements teams={<StudioReportScreen />} />
}

function StudioReportScreen() {
  const { t } = useTranslation()
  const { axis } = useNumberFormat()
  const state = useTeamReport()
  const { data, report, shown, teamName, figure, figureColumns } = state

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
  // both charts write the shown figure the same way
  const lines = {
    formatValue: (value: number) => figure(shown, value),
    formatAxis: axis,
    empty: t('reports.empty'),
  }

  return (
    <TeamReportFrame
      state={state}
      testId="studio-report"
      title={t('reports.studio.title')}
      chart={<LineChart data={total} {...lines} testId="report-total-chart" />}
    >
      <Card title={t('reports.studio.by_team')}>
        <LineChart data={byTeam} {...lines} testId="report-by-team-chart" />
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
          columns={[
            { key: 'month', dataIndex: 'month', title: t('reports.columns.month') },
            ...figureColumns<Total>(),
          ]}
        />
      </Card>
    </TeamReportFrame>
  )
}
