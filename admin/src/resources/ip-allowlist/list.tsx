import { useState } from 'react'
import { useDelete, type HttpError } from '@refinedev/core'
import { useForm, useTable, DateField } from '@refinedev/antd'
import { Alert, Button, Checkbox, Form, Input, Space, Table, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useClientInfo } from '../../lib/client-info'
import { SecurityCodeItem, SecurityCodeModal } from '../../components/security-code-modal'

interface Entry {
  id: number
  cidr: string
  note: string | null
  created_at: string
}

/**
 * The IP allow-list (CIDR ranges): list, add, remove — admins only, enforced
 * by the API. Every change asks for the admin's security code, and a range
 * wider than /8 for a confirmation.
 */
export function IpAllowlistList() {
  const { t } = useTranslation()
  const client = useClientInfo()
  const { tableProps } = useTable<Entry>({
    resource: 'ip-allowlist',
    pagination: { mode: 'off' },
    syncWithLocation: false,
  })
  const { mutateAsync: remove } = useDelete()
  const [removing, setRemoving] = useState<Entry | null>(null)
  const { formProps, form, formLoading } = useForm<
    Entry,
    HttpError,
    { cidr: string; note?: string; security_code: string; confirm_wide?: boolean }
  >({
    resource: 'ip-allowlist',
    action: 'create',
    redirect: false,
    warnWhenUnsavedChanges: false,
    successNotification: false,
    onMutationSuccess: () => form.resetFields(),
  })

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('settings.ip.help', { ip: client?.ip ?? '…' })} />
      <Form {...formProps} layout="inline">
        <Form.Item
          name="cidr"
          rules={[
            {
              required: true,
              message: t('register.validation.required', { field: t('settings.ip.cidr') }),
            },
          ]}
        >
          <Input
            placeholder={t('settings.ip.cidr_placeholder')}
            style={{ width: 260 }}
            aria-label={t('settings.ip.cidr')}
          />
        </Form.Item>
        <Form.Item name="note">
          <Input placeholder={t('settings.ip.note')} style={{ width: 220 }} maxLength={255} />
        </Form.Item>
        <SecurityCodeItem />
        <Form.Item name="confirm_wide" valuePropName="checked">
          <Checkbox>{t('settings.ip.confirm_wide')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={formLoading}>
          {t('settings.ip.add')}
        </Button>
      </Form>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Entry>
          dataIndex="cidr"
          title={t('settings.ip.cidr')}
          render={(value) => <Typography.Text code>{value}</Typography.Text>}
        />
        <Table.Column<Entry>
          dataIndex="note"
          title={t('settings.ip.note')}
          render={(value) => value ?? t('common.none')}
        />
        <Table.Column<Entry>
          dataIndex="created_at"
          title={t('settings.ip.created_at')}
          render={(value) => <DateField value={value} format="YYYY-MM-DD HH:mm" />}
        />
        <Table.Column<Entry>
          title={t('common.actions')}
          render={(_, record) => (
            <Button
              danger
              size="small"
              icon={<DeleteOutlined />}
              onClick={() => setRemoving(record)}
            >
              {t('buttons.delete')}
            </Button>
          )}
        />
      </Table>
      <SecurityCodeModal
        open={removing !== null}
        title={t('settings.ip.delete_title', { cidr: removing?.cidr ?? '' })}
        description={t('settings.ip.delete_confirm', { cidr: removing?.cidr ?? '' })}
        okText={t('buttons.delete')}
        onCancel={() => setRemoving(null)}
        onSubmit={async (code) => {
          await remove({
            resource: 'ip-allowlist',
            id: removing!.id,
            values: { security_code: code },
            successNotification: false,
            errorNotification: false,
          })
          setRemoving(null)
        }}
      />
    </Space>
  )
}
