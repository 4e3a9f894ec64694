import { Layout, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { VERSION_LABEL } from '@shared/constants'
import { LanguageSwitcher } from './language-switcher'
import { Logo } from './logo'
import './public-shell.css'

/** The frame of the public screens: brand, language buttons, version. */
export function PublicShell({
  children,
  wide = false,
}: {
  children: React.ReactNode
  wide?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Layout className="public-shell">
      <header className="public-shell__top">
        <Space size={10} align="center">
          <Logo size={30} />
          <Typography.Text strong>{t('app.name')}</Typography.Text>
        </Space>
        <LanguageSwitcher size="small" />
      </header>
      <main className={wide ? 'public-shell__main public-shell__main--wide' : 'public-shell__main'}>
        {children}
      </main>
      <footer className="public-shell__footer">
        <Typography.Text type="secondary">
          {t('app.version', { version: VERSION_LABEL })}
        </Typography.Text>
      </footer>
    </Layout>
  )
}
