import { useState } from 'react'
import { useInvalidate } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import { App, Button, Form, Input, Modal, Radio, Select, Space, Tag, Typography } from 'antd'
import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { TEAMS } from '@shared/constants'
import { REJECT_REASON_MAX, STAFF_ROLES } from '@shared/people'
import { useCustomForm } from '../../lib/use-custom-form'
import type { StudioUser } from '../../providers/identity'
import { ListTable } from '../../components/list-table'

type Registration = StudioUser & { sex: string | null; rejected_reason: string | null }

/** The approval queue: approve with a role and a team, or reject with a reason. */
export function RegistrationList() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const invalidate = useInvalidate()
  const [status, setStatus] = useState<'pending' | 'rejected'>('pending')
  const [approving, setApproving] = useState<Registration | null>(null)
  const [rejecting, setRejecting] = useState<Registration | null>(null)
  const [approveForm] = Form.useForm<{ role?: string; team?: string }>()
  const [rejectForm] = Form.useForm<{ reason: string }>()
  const { tableProps } = useTable<Registration>({
    resource: 'registrations',
    pagination: { mode: 'off' },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'status', operator: 'eq', value: status }] },
  })

  const decided = (done: string) => () => {
    message.success(done)
    setApproving(null)
    setRejecting(null)
    void invalidate({ resource: 'registrations', invalidates: ['list'] })
  }
  const approve = useCustomForm<{ role?: string; team?: string }>({
    url: () => `/api/registrations/${approving!.id}/approve`,
    method: 'post',
    form: approveForm,
    onSuccess: decided(t('people.registrations.approved', { name: approving?.name })),
  })
  const reject = useCustomForm<{ reason: string }>({
    url: () => `/api/registrations/${rejecting!.id}/reject`,
    method: 'post',
    form: rejectForm,
    onSuccess: decided(t('people.registrations.rejected_done')),
  })
  const busy = approve.saving || reject.saving

  const openApprove = (row: Registration) => {
    approveForm.setFieldsValue({
      role: row.account_type === 'staff' ? 'staff' : undefined,
      team: row.teams[0]?.key,
    })
    setApproving(row)
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Radio.Group
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        optionType="button"
      >
        <Radio.Button value="pending">{t('people.registrations.pending')}</Radio.Button>
        <Radio.Button value="rejected">{t('people.registrations.rejected')}</Radio.Button>
      </Radio.Group>
      <ListTable<Registration>
        {...tableProps}
        testId="registrations-table"
        empty={t('people.registrations.empty')}
      >
        <ListTable.Column<Registration> dataIndex="name" title={t('account.name')} />
        <ListTable.Column<Registration> dataIndex="email" title={t('account.email')} />
        <ListTable.Column<Registration>
          dataIndex="account_type"
          title={t('account.account_type')}
          render={(value) => <Tag>{t(`enum.account_type.${value}`)}</Tag>}
        />
        <ListTable.Column<Registration>
          title={t('people.registrations.details')}
          render={(_, row) => (
            <Space direction="vertical" size={0}>
              {row.teams.map((team) => (
                <Tag key={team.id} color="blue">
                  {t(`enum.team.${team.key}`, { defaultValue: team.name })}
                </Tag>
              ))}
              {row.company_name && <Typography.Text>{row.company_name}</Typography.Text>}
              {row.channel_name && <Typography.Text>{row.channel_name}</Typography.Text>}
              {row.phone && <Typography.Text type="secondary">{row.phone}</Typography.Text>}
              {row.rejected_reason && (
                <Typography.Text type="danger">{row.rejected_reason}</Typography.Text>
              )}
            </Space>
          )}
        />
        <ListTable.Column<Registration>
          dataIndex="created_at"
          title={t('people.registrations.submitted')}
          render={(value) => dayjs(value).format('YYYY-MM-DD HH:mm')}
        />
        {status === 'pending' && (
          <ListTable.Column<Registration>
            render={(_, row) => (
              <Space>
                <Button
                  type="primary"
                  size="small"
                  icon={<CheckOutlined />}
                  onClick={() => openApprove(row)}
                  data-testid={`approve-${row.id}`}
                >
                  {t('people.registrations.approve')}
                </Button>
                <Button
                  danger
                  size="small"
                  icon={<CloseOutlined />}
                  onClick={() => {
                    rejectForm.resetFields()
                    setRejecting(row)
                  }}
                  data-testid={`reject-${row.id}`}
                >
                  {t('people.registrations.reject')}
                </Button>
              </Space>
            )}
          />
        )}
      </ListTable>

      <Modal
        open={Boolean(approving)}
        title={t('people.registrations.approve_title', { name: approving?.name })}
        okText={t('people.registrations.approve')}
        confirmLoading={busy}
        onCancel={() => setApproving(null)}
        onOk={() => approveForm.submit()}
        destroyOnHidden
      >
        <Form form={approveForm} layout="vertical" onFinish={approve.submit}>
          {approving?.account_type === 'staff' ? (
            <>
              <Form.Item name="role" label={t('account.role')} rules={[{ required: true }]}>
                <Select
                  options={STAFF_ROLES.map((role) => ({
                    value: role,
                    label: t(`enum.role.${role}`),
                  }))}
                  data-testid="approve-role"
                />
              </Form.Item>
              <Form.Item
                name="team"
                label={t('people.staff.team')}
                rules={[{ required: true, message: t('register.validation.team') }]}
              >
                <Select
                  options={TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) }))}
                  data-testid="approve-team"
                />
              </Form.Item>
            </>
          ) : (
            <Typography.Paragraph>
              {t('people.registrations.approve_account', {
                type: t(`enum.account_type.${approving?.account_type ?? 'creator'}`),
              })}
            </Typography.Paragraph>
          )}
        </Form>
      </Modal>

      <Modal
        open={Boolean(rejecting)}
        title={t('people.registrations.reject_title', { name: rejecting?.name })}
        okText={t('people.registrations.reject')}
        okButtonProps={{ danger: true }}
        confirmLoading={busy}
        onCancel={() => setRejecting(null)}
        onOk={() => rejectForm.submit()}
        destroyOnHidden
      >
        <Form form={rejectForm} layout="vertical" onFinish={reject.submit}>
          <Form.Item
            name="reason"
            label={t('people.registrations.reason')}
            extra={t('people.registrations.reason_help')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('people.registrations.reason_required'),
              },
              { max: REJECT_REASON_MAX },
            ]}
          >
            <Input.TextArea rows={3} maxLength={REJECT_REASON_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  )
}
