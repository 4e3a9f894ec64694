import { useForm } from '@refinedev/antd'
import { useCan } from '@refinedev/core'
import { Button, Card, Form, Input, Select, Space } from 'antd'
import { useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { LIMITS, PHONE_PATTERN, ROLES, TEAMS } from '@shared/constants'
import { STAFF_ROLES } from '@shared/people'
import { NoPermission } from '../../components/no-permission'
import type { StaffMember } from './types'

interface Values {
  name: string
  phone: string | null
  role: string
  status: string
  teams: string[]
}

/** /app/staff/:id/edit — admins change a person's name, phone, role, status and teams. */
function StaffEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id } = useParams()
  const { data: canEdit, isLoading: checking } = useCan({ resource: 'users', action: 'update' })
  const { formProps, saveButtonProps, query, formLoading } = useForm<StaffMember, any, Values>({
    resource: 'users',
    action: 'edit',
    id,
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('people.staff.saved') }),
    onMutationSuccess: () => navigate(`/app/staff/${id}`),
    queryOptions: {
      select: (result) => ({
        ...result,
        data: { ...result.data, teams: result.data.teams.map((team) => team.key) as any },
      }),
    },
  })
  const person = query?.data?.data
  if (!checking && !canEdit?.can) return <NoPermission />
  const roles =
    person?.account_type === 'staff'
      ? STAFF_ROLES
      : ROLES.filter((role) => role === person?.account_type)

  return (
    <Card
      title={`${t('people.staff.edit')} · ${person?.name ?? ''}`}
      loading={formLoading && !person}
    >
      <Form
        {...formProps}
        layout="vertical"
        style={{ maxWidth: 560 }}
        data-testid="staff-edit-form"
        onFinish={(values) => {
          // A waiting or rejected account is decided in the registrations queue, not here.
          const reviewed = person?.status === 'active' || person?.status === 'disabled'
          return formProps.onFinish?.({
            ...values,
            status: reviewed ? values.status : undefined,
          } as Values)
        }}
      >
        <Form.Item
          name="name"
          label={t('account.name')}
          rules={[{ required: true, whitespace: true }, { max: LIMITS.nameMax }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('account.phone')}
          rules={[{ pattern: PHONE_PATTERN, message: t('register.validation.phone_digits') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="role" label={t('account.role')}>
          <Select options={roles.map((role) => ({ value: role, label: t(`enum.role.${role}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('people.staff.status')}>
          <Select
            disabled={person?.status === 'pending' || person?.status === 'rejected'}
            options={['active', 'disabled'].map((status) => ({
              value: status,
              label: t(`people.status.${status}`),
            }))}
          />
        </Form.Item>
        {person?.account_type === 'staff' && (
          <Form.Item name="teams" label={t('account.teams')}>
            <Select
              mode="multiple"
              options={TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) }))}
            />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" {...saveButtonProps} data-testid="save-staff">
            {t('buttons.save')}
          </Button>
          <Button onClick={() => navigate(`/app/staff/${id}`)}>{t('buttons.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  )
}

export default StaffEditPage
