import { DatePicker, Select, Space } from 'antd'
import { FileExcelOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { DownloadButton } from '../../components/download-button'
import type { TeamReportState } from './use-team-report'

/** The month range, the team filter and the Excel download of the team report. */
export function ReportFilters({
  state,
  teamFilter = true,
}: {
  state: TeamReportState
  teamFilter?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Space wrap>
      <DatePicker.RangePicker
        picker="month"
        allowClear={false}
        value={state.range}
        onChange={(value) => {
          if (value?.[0] && value[1]) {
            state.setRange([value[0].startOf('month'), value[1].startOf('month')])
          }
        }}
        data-testid="report-range"
      />
      {teamFilter && (
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('reports.all_teams')}
          value={state.teamId}
          onChange={(value) => state.setTeamId(value ?? undefined)}
          options={state.teams
            .filter((team) => team.team_id !== null)
            .map((team) => ({ value: team.team_id!, label: state.teamName(team) }))}
          data-testid="report-team"
        />
      )}
      <DownloadButton
        url="/api/reports/teams/download"
        fileName={`team-report-${state.query.from}_${state.query.to}.xlsx`}
        icon={<FileExcelOutlined />}
        query={() => ({ ...state.query })}
        data-testid="report-export"
      >
        {t('reports.export')}
      </DownloadButton>
    </Space>
  )
}
