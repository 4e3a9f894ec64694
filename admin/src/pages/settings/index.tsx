import { CanAccess, useCan } from '@refinedev/core'
import { Card, Space, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { LanguageSwitcher } from '../../components/language-switcher'
import { IpAllowlistList } from '../../resources/ip-allowlist/list'
import { RegisterCodeList } from '../../resources/people/register-codes'
import { TerminationCodeTab } from './termination-code-tab'
import { RegistrationList } from '../../resources/people/registrations'

/** /app/settings: preferences for everybody; allow-list, register codes and the termination code for those allowed. */
export function SettingsPage() {
  const { t } = useTranslation()
  const ipAccess = useCan({ resource: 'ip-allowlist', action: 'list' })
  const codesAccess = useCan({ resource: 'register-codes', action: 'list' })
  const terminationAccess = useCan({ resource: 'creators', action: 'terminate' })
  const registrationsAccess = useCan({ resource: 'registrations', action: 'list' })
  const [params, setParams] = useSearchParams()

  const items = [
    {
      key: 'preferences',
      label: t('settings.tabs.preferences'),
      children: (
        <Space direction="vertical" size="middle">
          <Typography.Text strong>{t('app.language')}</Typography.Text>
          <LanguageSwitcher />
          <Typography.Text type="secondary">{t('settings.language_help')}</Typography.Text>
          <Typography.Text type="secondary">{t('app.data_refresh_note')}</Typography.Text>
          <Typography.Text type="secondary">{t('app.hard_refresh_note')}</Typography.Text>
        </Space>
      ),
    },
    ...(ipAccess.data?.can
      ? [
          {
            key: 'ip',
            label: t('settings.tabs.ip_allowlist'),
            children: (
              <CanAccess resource="ip-allowlist" action="list">
                <IpAllowlistList />
              </CanAccess>
            ),
          },
        ]
      : []),
    ...(registrationsAccess.data?.can
      ? [
          {
            key: 'registrations',
            label: t('people.registrations.tab'),
            children: <RegistrationList />,
          },
        ]
      : []),
    ...(codesAccess.data?.can
      ? [{ key: 'codes', label: t('settings.tabs.register_codes'), children: <RegisterCodeList /> }]
      : []),
    ...(terminationAccess.data?.can
      ? [
          {
            key: 'termination',
            label: t('settings.tabs.termination_code'),
            children: <TerminationCodeTab />,
          },
        ]
      : []),
  ]

  return (
    <Card title={t('settings.title')}>
      <Tabs
        items={items}
        destroyOnHidden
        activeKey={
          items.some((item) => item.key === params.get('tab')) ? params.get('tab')! : undefined
        }
        onChange={(key) => setParams({ tab: key }, { replace: true })}
      />
    </Card>
  )
}

export default SettingsPage
