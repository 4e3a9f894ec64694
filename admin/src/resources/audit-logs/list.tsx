import { useTable, DateField } from '@refinedev/antd'
import { useCustom, type CrudFilter } from '@refinedev/core'
import { Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useMemo } from 'react'
import { describer, subjectText } from './describe'

interface Row {
  id: number
  action: string
  user: { id: number; name: string; email: string } | null
  subject_type: string | null
  subject_id: string | null
  ip: string | null
  meta: Record<string, unknown> | null
  created_at: string
}

const COLOR: Record<string, string> = {
  'auth.login_failed': 'orange',
  'auth.refresh_reused': 'red',
  'ip.remove': 'volcano',
  'register_code.revoke': 'volcano',
}

/** /app/{brand}_studio_log: the audit log, newest first, searchable and paged on the server. */
export function AuditLogList() {
  const { t, i18n } = useTranslation()
  const describe = useMemo(() => describer(t, i18n.language), [t, i18n.language])
  const { query: actionsQuery } = useCustom<{ action: string; total: number }[]>({
    url: '/api/audit-logs/actions',
    method: 'get',
  })
  const actions = actionsQuery.data?.data ?? []
  const { tableProps, searchFormProps } = useTable<Row, any, { q?: string; action?: string }>({
    resource: 'audit-logs',
    pagination: { pageSize: 20 },
    syncWithLocation: true,
    onSearch: (values) => {
      const filters: CrudFilter[] = [
        { field: 'q', operator: 'eq', value: values.q || undefined },
        { field: 'action', operator: 'eq', value: values.action || undefined },
      ]
      return filters
    },
  })

  return (
    <Card title={t('studio_log.title')}>
      <Typography.Paragraph type="secondary">{t('studio_log.help')}</Typography.Paragraph>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="q">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('studio_log.search')}
            style={{ width: 260 }}
            onPressEnter={searchFormProps.form?.submit}
          />
        </Form.Item>
        <Form.Item name="action">
          <Select
            allowClear
            placeholder={t('studio_log.all_actions')}
            style={{ width: 260 }}
            onChange={() => searchFormProps.form?.submit()}
            loading={actionsQuery.isLoading}
            options={actions.map(({ action, total }) => ({
              value: action,
              label: `${t(`studio_log.actions.${action}`, { defaultValue: action })} (${total})`,
            }))}
          />
        </Form.Item>
      </Form>
      <Table
        {...tableProps}
        rowKey="id"
        size="middle"
        locale={{ emptyText: t('errors.no_results') }}
      >
        <Table.Column<Row>
          dataIndex="created_at"
          title={t('studio_log.when')}
          render={(value) => <DateField value={value} format="YYYY-MM-DD HH:mm:ss" />}
        />
        <Table.Column<Row>
          dataIndex="user"
          title={t('studio_log.who')}
          render={(user: Row['user']) =>
            user ? (
              <Space direction="vertical" size={0}>
                <Typography.Text>{user.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {user.email}
                </Typography.Text>
              </Space>
            ) : (
              t('common.none')
            )
          }
        />
        <Table.Column<Row>
          dataIndex="action"
          title={t('studio_log.action')}
          render={(action: string) => (
            <Tag color={COLOR[action] ?? 'blue'}>
              {t(`studio_log.actions.${action}`, { defaultValue: action })}
            </Tag>
          )}
        />
        <Table.Column<Row>
          title={t('studio_log.subject')}
          render={(_, row) => subjectText(t, row.subject_type, row.subject_id)}
        />
        <Table.Column<Row>
          dataIndex="ip"
          title={t('studio_log.ip')}
          render={(value) =>
            value ? <Typography.Text code>{value}</Typography.Text> : t('common.none')
          }
        />
        <Table.Column<Row>
          dataIndex="meta"
          title={t('studio_log.details')}
          render={(meta: Row['meta'], row) => {
            const lines = describe(row.action, meta)
            if (!lines.length) return null
            return (
              <Space direction="vertical" size={0} data-testid="studio-log-details">
                {lines.map((line, index) => (
                  <Typography.Text key={index} type="secondary" style={{ fontSize: 12 }}>
                    {line.label}:{' '}
                    <Typography.Text style={{ fontSize: 12 }}>{line.text}</Typography.Text>
                  </Typography.Text>
                ))}
              </Space>
            )
          }}
        />
      </Table>
    </Card>
  )
}

export default AuditLogList
