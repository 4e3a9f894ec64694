import { Alert, Button, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DashboardOverview } from '../../../lib/metrics'
import { useDashboard } from '../lib/context'
import { DataLoading, NoDataYet } from './states'

/**
 * What every dashboard shows below its filters: 'Data Loading...' on the
 * first load, the error when the overview cannot be read, 'No data has been
 * collected yet' before the first collection, else the panels.
 */
export function DashboardBody({
  children,
}: {
  children: (overview: DashboardOverview) => React.ReactNode
}) {
  const { t } = useTranslation()
  const { overview } = useDashboard()
  if (overview.loading) return <DataLoading />
  if (overview.error && !overview.data) {
    return (
      <Alert
        type="error"
        showIcon
        message={overview.error || t('errors.request_failed')}
        action={
          <Button size="small" onClick={overview.refetch}>
            {t('dashboard.buttons.retry')}
          </Button>
        }
        data-testid="dashboard-error"
      />
    )
  }
  if (!overview.data) return <DataLoading />
  if (!overview.data.latest_date) return <NoDataYet />
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {children(overview.data)}
    </Space>
  )
}
