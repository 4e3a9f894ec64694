import { useCustom, usePermissions } from '@refinedev/core'
import { Badge, Card, Col, Descriptions, Row, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { useClientInfo } from '../../lib/client-info'

interface Health {
  database: string
  queue: string
  queue_driver: string
  version: string
}

/** /app/test2: what a developer checks first — server health, my address, my permissions. */
export function DiagnosticsPage() {
  const { t, i18n } = useTranslation()
  // A screen is named as in the menu; the API's other resources and every action have their own words.
  const resourceLabel = (resource: string) =>
    i18n.exists(`menu.${resource}`)
      ? t(`menu.${resource}`)
      : t(`diagnostics.resources.${resource}`, { defaultValue: resource })
  const actionLabel = (action: string) =>
    t(`diagnostics.actions.${action}`, { defaultValue: action })
  const client = useClientInfo()
  const { data: permissions } = usePermissions<Record<string, string[]>>({})
  // A failing check answers 503 with the same body: show what it says.
  const { query } = useCustom<Health>({
    url: '/api/health',
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
  })
  const health = query.data?.data ?? ((query.error?.data as Health | undefined) || null)

  const state = (value?: string) => (
    <Badge
      status={value === 'ok' ? 'success' : 'error'}
      text={value === 'ok' ? t('diagnostics.ok') : (value ?? '…')}
    />
  )

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title={t('diagnostics.health')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('diagnostics.database')}>
              {state(health?.database)}
            </Descriptions.Item>
            <Descriptions.Item label={t('diagnostics.queue')}>
              {state(health?.queue)}
            </Descriptions.Item>
            <Descriptions.Item label={t('diagnostics.driver')}>
              {health?.queue_driver ?? '…'}
            </Descriptions.Item>
            <Descriptions.Item label={t('diagnostics.version')}>
              {health?.version ?? '…'}
            </Descriptions.Item>
            <Descriptions.Item label={t('diagnostics.your_ip')}>
              {client ? `${client.ip} (${client.country_name})` : '…'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title={t('diagnostics.permissions')}>
          {Object.entries(permissions ?? {}).map(([resource, actions]) => (
            <Tag key={resource} style={{ marginBottom: 6, whiteSpace: 'normal', maxWidth: '100%' }}>
              {resourceLabel(resource)}: {actions.map(actionLabel).join(', ')}
            </Tag>
          ))}
        </Card>
      </Col>
    </Row>
  )
}

export default DiagnosticsPage
