import { Card, Empty, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DATA_REFRESH_HOUR } from '@shared/constants'

/** 'Data Loading...' while a dashboard's first answer is on its way. */
export function DataLoading({ minHeight = 320 }: { minHeight?: number }) {
  const { t } = useTranslation()
  return (
    <Card data-testid="dashboard-loading">
      <div style={{ display: 'grid', placeItems: 'center', minHeight }}>
        <Spin size="large" tip={t('dashboard.loading')}>
          <div style={{ width: 160, height: 80 }} />
        </Spin>
      </div>
    </Card>
  )
}

/** Before the first collection: nothing to draw yet, and when it will come. */
export function NoDataYet({ extra }: { extra?: React.ReactNode }) {
  const { t } = useTranslation()
  return (
    <Card data-testid="dashboard-empty">
      <Empty
        description={
          <>
            <Typography.Title level={5} style={{ marginBottom: 4 }}>
              {t('dashboard.empty.title')}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('dashboard.empty.body', { hour: DATA_REFRESH_HOUR })}
            </Typography.Text>
          </>
        }
      >
        {extra}
      </Empty>
    </Card>
  )
}
