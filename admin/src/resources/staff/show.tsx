import { useCan, useShow } from '@refinedev/core'
import { Avatar, Button, Card, Descriptions, Result, Space, Tag } from 'antd'
import { ArrowLeftOutlined, EditOutlined, MailOutlined, UserOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { StaffMember } from './types'

/** /app/staff/:id — one person of the directory. */
export function StaffShowPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id } = useParams()
  const { data: canEdit } = useCan({ resource: 'users', action: 'update' })
  const { query } = useShow<StaffMember>({ resource: 'users', id, errorNotification: false })
  const person = query.data?.data
  const format = (value: string | null) =>
    value ? dayjs(value).format('YYYY-MM-DD HH:mm') : t('common.none')

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
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate('/app/staff')}
            aria-label={t('people.staff.back')}
          />
          <Avatar src={person?.avatar_url ?? undefined} icon={<UserOutlined />} />
          <span data-testid="staff-name">{person?.name}</span>
        </Space>
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
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('account.email')}>{person.email}</Descriptions.Item>
          <Descriptions.Item label={t('account.phone')}>
            {person.phone ?? t('common.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.role')}>
            {t(`enum.role.${person.role}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('people.staff.status')}>
            {t(`people.status.${person.status}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.teams')} span={2}>
            {person.teams.length
              ? person.teams.map((team) => (
                  <Tag key={team.id} color={team.is_manager ? 'gold' : 'blue'}>
                    {t(`enum.team.${team.key}`, { defaultValue: team.name })}
                    {team.is_manager ? ` · ${t('account.manager')}` : ''}
                  </Tag>
                ))
              : t('account.no_team')}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.last_login')}>
            {format(person.last_login_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.member_since')}>
            {format(person.created_at)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  )
}

export default StaffShowPage
