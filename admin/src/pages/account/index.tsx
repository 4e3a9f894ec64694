import { useGetIdentity } from '@refinedev/core'
import { Alert, Avatar, Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from '../../components/language-switcher'
import { SecurityCodeCard } from './security-code-card'
import type { StudioUser } from '../../providers/identity'

/** /app/account: who I am, my teams and my language. */
export function AccountPage() {
  const { t } = useTranslation()
  const { data: user, isLoading } = useGetIdentity<StudioUser>()
  const format = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : t('common.none'))

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Card title={t('account.profile')} loading={isLoading}>
          {user && (
            <Space align="start" size="large" wrap>
              <Avatar size={72} icon={<UserOutlined />} src={user.avatar_url ?? undefined} />
              <Descriptions column={1} size="small" data-testid="account-profile">
                <Descriptions.Item label={t('account.name')}>{user.name}</Descriptions.Item>
                <Descriptions.Item label={t('account.email')}>{user.email}</Descriptions.Item>
                <Descriptions.Item label={t('account.phone')}>{user.phone ?? t('common.none')}</Descriptions.Item>
                <Descriptions.Item label={t('account.role')}>{t(`enum.role.${user.role}`)}</Descriptions.Item>
                <Descriptions.Item label={t('account.account_type')}>{t(`enum.account_type.${user.account_type}`)}</Descriptions.Item>
                <Descriptions.Item label={t('account.teams')}>
                  {user.teams.length
                    ? user.teams.map((team) => (
                        <Tag key={team.id} color={team.is_manager ? 'gold' : 'blue'}>
                          {t(`enum.team.${team.key}`, { defaultValue: team.name })}
                          {team.is_manager ? ` · ${t('account.manager')}` : ''}
                        </Tag>
                      ))
                    : t('account.no_team')}
                </Descriptions.Item>
                <Descriptions.Item label={t('account.last_login')}>{format(user.last_login_at)}</Descriptions.Item>
                <Descriptions.Item label={t('account.member_since')}>{format(user.created_at)}</Descriptions.Item>
              </Descriptions>
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('account.preferences')}>
          <Space direction="vertical">
            <Typography.Text strong>{t('app.language')}</Typography.Text>
            <LanguageSwitcher />
            <Typography.Text type="secondary">{t('settings.language_help')}</Typography.Text>
          </Space>
        </Card>
        <Alert style={{ marginTop: 16 }} type="info" showIcon message={t('account.more_soon')} />
        <div style={{ marginTop: 16 }}>
          <SecurityCodeCard />
        </div>
      </Col>
    </Row>
  )
}

export default AccountPage
