import { useGetIdentity } from '@refinedev/core'
import { Card, Col, Row, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from '../../components/language-switcher'
import { SecurityCodeCard } from './security-code-card'
import { ProfileCard } from './profile-card'
import { PasswordCard } from './password-card'
import { TeamsCard } from './teams-card'
import type { StudioUser } from '../../providers/identity'

/** /app/account and /app/modify_account: profile, picture, password, teams and members, language, security code. */
export function AccountPage() {
  const { t } = useTranslation()
  const { data: user, isLoading } = useGetIdentity<StudioUser>()
  const staffSide = user && user.account_type === 'staff'

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <ProfileCard user={user ?? undefined} loading={isLoading} />
        {staffSide && (
          <div style={{ marginTop: 16 }}>
            <TeamsCard user={user} />
          </div>
        )}
      </Col>
      <Col xs={24} lg={8}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card title={t('account.preferences')}>
            <Space direction="vertical">
              <Typography.Text strong>{t('app.language')}</Typography.Text>
              <LanguageSwitcher />
              <Typography.Text type="secondary">{t('settings.language_help')}</Typography.Text>
            </Space>
          </Card>
          <PasswordCard />
          <SecurityCodeCard />
        </Space>
      </Col>
    </Row>
  )
}

export default AccountPage
