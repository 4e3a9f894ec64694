import { useDelete, type HttpError } from '@refinedev/core'
import { useForm, useTable, DateField } from '@refinedev/antd'
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd'
import { PlusOutlined, StopOutlined } from '@ant-design/icons'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { LIMITS, REGISTER_CODE_PATTERN, TEAMS } from '@shared/constants'

interface Code {
  id: number
  code: string
  team: string | null
  note: string | null
  max_uses: number | null
  used_count: number
  expires_at: string | null
  revoked_at: string | null
  usable: boolean
}

interface CodeForm {
  code?: string
  team?: string
  max_uses?: number
  expires_at?: Dayjs
  note?: string
}

/** Register codes for staff sign-up: create (given or generated), list, revoke. */
export function RegisterCodeList() {
  const { t } = useTranslation()
  const { tableProps } = useTable<Code>({
    resource: 'register-codes',
    pagination: { mode: 'off' },
    syncWithLocation: false,
  })
  const { mutate: revoke } = useDelete()
  const { formProps, form, formLoading } = useForm<Code, HttpError, CodeForm>({
    resource: 'register-codes',
    action: 'create',
    redirect: false,
    warnWhenUnsavedChanges: false,
    successNotification: false,
    onMutationSuccess: () => form.resetFields(),
  })
  const submit = (values: CodeForm) =>
    formProps.onFinish?.({
      ...values,
      expires_at: values.expires_at?.format('YYYY-MM-DD') as unknown as Dayjs,
    })

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('settings.codes.help')} />
      <Form {...formProps} layout="inline" onFinish={submit}>
        <Form.Item
          name="code"
          rules={[
            {
              pattern: REGISTER_CODE_PATTERN,
              message: t('register.validation.register_code_caps'),
            },
            { min: LIMITS.registerCodeMin, max: LIMITS.registerCodeMax },
          ]}
        >
          <Input
            placeholder={t('settings.codes.code_placeholder')}
            style={{ width: 220 }}
            aria-label={t('settings.codes.code')}
          />
        </Form.Item>
        <Form.Item name="team">
          <Select
            allowClear
            placeholder={t('settings.codes.any_team')}
            style={{ width: 170 }}
            options={TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) }))}
          />
        </Form.Item>
        <Form.Item name="max_uses">
          <InputNumber
            min={1}
            max={10000}
            placeholder={t('settings.codes.max_uses')}
            style={{ width: 130 }}
          />
        </Form.Item>
        <Form.Item name="expires_at">
          <DatePicker placeholder={t('settings.codes.expires_at')} />
        </Form.Item>
        <Form.Item name="note">
          <Input placeholder={t('settings.codes.note')} maxLength={255} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={formLoading}>
          {t('settings.codes.create')}
        </Button>
      </Form>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Code>
          dataIndex="code"
          title={t('settings.codes.code')}
          render={(value) => (
            <Typography.Text code copyable>
              {value}
            </Typography.Text>
          )}
        />
        <Table.Column<Code>
          dataIndex="team"
          title={t('settings.codes.team')}
          render={(value) => (value ? t(`enum.team.${value}`) : t('settings.codes.any_team'))}
        />
        <Table.Column<Code>
          title={t('settings.codes.used')}
          render={(_, record) =>
            `${record.used_count}${record.max_uses ? ` / ${record.max_uses}` : ''}`
          }
        />
        <Table.Column<Code>
          dataIndex="expires_at"
          title={t('settings.codes.expires_at')}
          render={(value) =>
            value ? <DateField value={value} format="YYYY-MM-DD" /> : t('settings.codes.never')
          }
        />
        <Table.Column<Code>
          dataIndex="note"
          title={t('settings.codes.note')}
          render={(value) => value ?? t('common.none')}
        />
        <Table.Column<Code>
          title={t('settings.codes.state')}
          render={(_, record) =>
            record.usable ? (
              <Tag color="green">{t('settings.codes.usable')}</Tag>
            ) : (
              <Tag>{t('settings.codes.unusable')}</Tag>
            )
          }
        />
        <Table.Column<Code>
          title={t('common.actions')}
          render={(_, record) =>
            record.revoked_at ? null : (
              <Popconfirm
                title={t('settings.codes.revoke_confirm', { code: record.code })}
                onConfirm={() =>
                  revoke({ resource: 'register-codes', id: record.id, successNotification: false })
                }
              >
                <Button size="small" icon={<StopOutlined />}>
                  {t('settings.codes.revoke')}
                </Button>
              </Popconfirm>
            )
          }
        />
      </Table>
    </Space>
  )
}
