import type { ReactNode } from 'react'
import { useCan } from '@refinedev/core'
import { Alert, Card, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/page-frame'
import { ScreenSkeleton } from '../../components/layout/screen-skeleton'
import { ReportFilters } from './report-filters'
import { FigurePicker } from './figure-picker'
import { MyStatements } from './my-statements'
import type { TeamReportState } from './use-team-report'

/**
 * A Report menu entry: the team report for those who may see teams, a
 * creator account's own statements otherwise.
 */
export function TeamsOrMyStatements({ teams }: { teams: ReactNode }) {
  const { data: canTeams, isPending } = useCan({ resource: 'reports', action: 'teams' })
  if (isPending) return <ScreenSkeleton />
  return canTeams?.can ? teams : <MyStatements />
}

/**
 * A team report screen: its title with the filters and the download, a
 * card with the report's notices, the figure picker and the screen's main
 * chart, then the screen's own cards.
 */
export function TeamReportFrame({
  state,
  testId,
  title,
  chart,
  children,
}: {
  state: TeamReportState
  testId: string
  title: string
  chart: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const { data, report, columns, shown, setShown } = state
  return (
    <PageFrame testId={testId} title={title} extra={<ReportFilters state={state} />}>
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
          <FigurePicker columns={columns} value={shown} onChange={setShown} />
          {chart}
        </Space>
      </Card>
      {children}
    </PageFrame>
  )
}
