import { useCan, useShow } from '@refinedev/core'
import { Avatar, Button, Card, Descriptions, Result, Space } from 'antd'
import { EditOutlined, MailOutlined, UserOutlined } from '@ant-design/icons'
import { useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { membershipItems } from '../../components/person-details'
import type { StaffMember } from './types'
import { BackTitle } from '../../components/back-title'

/** /app/staff/:id — one person of the directory. */
function StaffShowPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id } = useParams()
  const { data: canEdit } = useCan({ resource: 'users', action: 'update' })
  const { query } = useShow<StaffMember>({ resource: 'users', id, errorNotification: false })
  const person = query.data?.data

  if (query.isError) {
    return (
      <Result
        status="404"
        title={t('people.staff.not_found')}
        extra={<Button onClick={() => navigate('/app/staff')}>{t('people.staff.back')}</Button>}
      />
    )
  }

  return (
    <Card
      loading={query.isLoading}
      title={
        <BackTitle onBack={() => navigate('/app/staff')} label={t('people.staff.back')}>
          <Avatar src={person?.avatar_url ?? undefined} icon={<UserOutlined />} />
          <span data-testid="staff-name">{person?.name}</span>
        </BackTitle>
      }
      extra={
        <Space>
          <Button icon={<MailOutlined />} onClick={() => navigate(`/app/private_letter?to=${id}`)}>
            {t('people.staff.write_letter')}
          </Button>
          {canEdit?.can && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(`/app/staff/${id}/edit`)}
            >
              {t('people.staff.edit')}
            </Button>
          )}
        </Space>
      }
    >
      {person && (
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="small"
          items={[
            { key: 'email', label: t('account.email'), children: person.email },
            { key: 'phone', label: t('account.phone'), children: person.phone ?? t('common.none') },
            { key: 'role', label: t('account.role'), children: t(`enum.role.${person.role}`) },
            {
              key: 'status',
              label: t('people.staff.status'),
              children: t(`people.status.${person.status}`),
            },
            ...membershipItems(t, person, 2),
          ]}
        />
      )}
    </Card>
  )
}

export default StaffShowPage
