import { Alert, Empty, Spin } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * What a panel shows before its data: the 'Data Loading...' placeholder
 * (SPEC §2), a translated error, or an empty state; otherwise its children.
 */
export function LoadState({
  loading,
  error,
  empty,
  children,
  minHeight = 160,
}: {
  loading: boolean
  error: string | null
  empty?: boolean
  children: React.ReactNode
  minHeight?: number
}) {
  const { t } = useTranslation()
  if (error) return <Alert type="error" showIcon message={error} data-testid="load-error" />
  if (loading) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight }} data-testid="data-loading">
        <Spin tip={t('app.loading')} size="large">
          <div style={{ width: 120, height: 48 }} />
        </Spin>
      </div>
    )
  }
  if (empty)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data_center.no_data')} />
  return <>{children}</>
}
