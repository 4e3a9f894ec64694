import { Link } from 'react-router'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Logo } from '../logo'

export function AppTitle({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation()
  return (
    <Link to="/app/data_dashboard" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
      <Logo size={28} />
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: 15, whiteSpace: 'nowrap' }}>
          {t('app.name')}
        </Typography.Text>
      )}
    </Link>
  )
}
