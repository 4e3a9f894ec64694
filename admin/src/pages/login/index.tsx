import { useState } from 'react'
import { Link } from 'react-router'
import { App, Button, Card, Divider, Form, Input, Space, Tooltip, Typography } from 'antd'
import { EnvironmentOutlined, HistoryOutlined, LockOutlined, MailOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LIMITS, VERSION_LABEL } from '@shared/constants'
import { useClientInfo } from '../../lib/client-info'
import { login, loginDialog, type LoginValues } from '../../providers/auth'
import { authStore } from '../../providers/auth-store'
import { LanguageSwitcher } from '../../components/language-switcher'
import { Logo } from '../../components/logo'
import { usePageTitle } from '../../components/page-title'
import './login.css'

/**
 * The login screen of SPEC §2: logo and animation, the detected IP and
 * country, email and password with their validation once touched, Find
 * Account, the older version, the language buttons and the register links.
 */
export function LoginPage() {
  const { t } = useTranslation()
  usePageTitle(t('login.title'), false)
  const [form] = Form.useForm<LoginValues>()
  const [submitting, setSubmitting] = useState(false)
  const client = useClientInfo()
  const { modal } = App.useApp()

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true)
    const outcome = await login(values)
    if (outcome.ok) {
      window.location.replace('/')
      return
    }
    authStore.openDialog(loginDialog(outcome))
    setSubmitting(false)
  }

  const findAccount = () =>
    modal.info({
      title: t('login.find_account'),
      content: t('login.find_account_alert'),
      centered: true,
    })

  const oldUrl = client?.old_version.url ?? ''
  const oldLabel = client?.old_version.label ?? '1.4.0'
  const country = client?.country_name === 'unknown' ? t('login.unknown') : client?.country_name

  return (
    <div className="login-page">
      <div className="login-page__lang">
        <LanguageSwitcher />
      </div>
      <Card className="login-card" styles={{ body: { padding: 0 } }}>
        <div className="login-card__grid">
          <section className="login-card__brand">
            <Logo size={72} animated />
            <Typography.Title level={2} className="login-card__product">
              {t('app.name')}
            </Typography.Title>
            <Typography.Text className="login-card__subtitle">{t('app.subtitle')}</Typography.Text>
            <ul className="login-card__notes">
              <li>{t('app.data_refresh_note')}</li>
              <li>{t('app.hard_refresh_note')}</li>
            </ul>
            <Typography.Text className="login-card__version" data-testid="version-label">
              {t('app.version', { version: VERSION_LABEL })}
            </Typography.Text>
          </section>

          <section className="login-card__form">
            <Typography.Title level={3}>{t('login.title')}</Typography.Title>
            <Typography.Paragraph type="secondary" data-testid="ip-line">
              <EnvironmentOutlined />{' '}
              {client ? t('login.ip_line', { ip: client.ip, country }) : t('login.detecting')}
            </Typography.Paragraph>

            <Form<LoginValues>
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={onFinish}
              validateTrigger={['onChange', 'onBlur']}
              autoComplete="on"
            >
              <Form.Item
                name="email"
                label={t('login.email')}
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t('login.validation.email_required'),
                  },
                  { type: 'email', message: t('login.validation.email_invalid') },
                  {
                    max: LIMITS.emailMax,
                    message: t('login.validation.email_max', { max: LIMITS.emailMax }),
                  },
                ]}
              >
                <Input
                  prefix={<MailOutlined />}
                  placeholder={t('login.email_placeholder')}
                  autoComplete="username"
                  inputMode="email"
                  size="large"
                />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('login.password')}
                rules={[
                  { required: true, message: t('login.validation.password_required') },
                  {
                    max: LIMITS.passwordMax,
                    message: t('login.validation.password_max', { max: LIMITS.passwordMax }),
                  },
                ]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  size="large"
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                size="large"
                block
                loading={submitting}
                disabled={submitting}
              >
                {t('login.submit')}
              </Button>
            </Form>

            <div className="login-card__links">
              <Typography.Text type="secondary">{t('login.forgot')}</Typography.Text>{' '}
              <Typography.Link onClick={findAccount}>{t('login.find_account')}</Typography.Link>
            </div>

            <Tooltip title={oldUrl ? undefined : t('login.older_version_unset')}>
              <Button
                icon={<HistoryOutlined />}
                block
                disabled={!oldUrl}
                onClick={() => window.open(oldUrl, '_blank', 'noopener,noreferrer')}
              >
                {t('login.older_version', { version: oldLabel })}
              </Button>
            </Tooltip>

            {client?.sign_up !== false && (
              <>
                <Divider plain>{t('login.register_as')}</Divider>
                <Space wrap className="login-card__register">
                  <Link to="/register?type=creator">{t('login.register_creator')}</Link>
                  <Link to="/register?type=company">{t('login.register_company')}</Link>
                  <Link to="/register?type=staff">{t('login.register_staff')}</Link>
                </Space>
              </>
            )}
          </section>
        </div>
      </Card>
    </div>
  )
}

export default LoginPage
