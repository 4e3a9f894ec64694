import { useCustom, useGetIdentity, useLogout } from '@refinedev/core'
import {
  Avatar,
  Badge,
  Button,
  Dropdown,
  Layout,
  Space,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd'
import {
  LogoutOutlined,
  MailOutlined,
  SettingOutlined,
  SyncOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { DATA_REFRESH_HOUR } from '@shared/constants'
import type { StudioUser } from '../../providers/identity'
import { LanguageSwitcher } from '../language-switcher'
import { NotificationBell, POLL_MS } from './notification-bell'

export function AppHeader() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const { data: user } = useGetIdentity<StudioUser>()
  const { mutate: logout } = useLogout()
  const { query: lettersQuery } = useCustom<{ unread: number }>({
    url: '/api/letters/unread',
    method: 'get',
    queryOptions: { refetchInterval: POLL_MS, refetchIntervalInBackground: false },
    errorNotification: false,
  })
  const unreadLetters = lettersQuery.data?.data?.unread ?? 0

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 16,
        padding: '0 24px',
        height: 64,
        background: token.colorBgElevated,
        position: 'sticky',
        top: 0,
        zIndex: 10,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Tooltip title={t('app.data_refresh_note')}>
        <Tag icon={<SyncOutlined />} color="processing">
          {t('header.data_refresh', { hour: DATA_REFRESH_HOUR })}
        </Tag>
      </Tooltip>
      <LanguageSwitcher size="small" />
      <NotificationBell />
      <Tooltip
        title={
          unreadLetters
            ? t('letters.unread_count', { count: unreadLetters })
            : t('header.private_letter')
        }
      >
        <Badge count={unreadLetters} size="small" overflowCount={99}>
          <Button
            type="text"
            shape="circle"
            icon={<MailOutlined />}
            onClick={() => navigate('/app/private_letter')}
            aria-label={t('header.private_letter')}
            data-testid="letters-button"
          />
        </Badge>
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'account',
              icon: <UserOutlined />,
              label: t('header.account'),
              onClick: () => navigate('/app/account'),
            },
            {
              key: 'settings',
              icon: <SettingOutlined />,
              label: t('header.settings'),
              onClick: () => navigate('/app/settings'),
            },
            { type: 'divider' },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: t('header.logout'),
              onClick: () => logout(),
            },
          ],
        }}
      >
        <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
          <Avatar size="small" icon={<UserOutlined />} src={user?.avatar_url ?? undefined} />
          <Typography.Text>{user?.name}</Typography.Text>
          {user && <Tag>{t(`enum.role.${user.role}`)}</Tag>}
        </Space>
      </Dropdown>
    </Layout.Header>
  )
}
