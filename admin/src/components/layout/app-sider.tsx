import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { type TreeMenuItem, useMenu, usePermissions } from '@refinedev/core'
import { Layout, Menu, type MenuProps, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { permissionKeyOf } from '../../providers/resources'
import { AppTitle } from './app-title'

const WIDTH = 236
const COLLAPSED_WIDTH = 72

type Item = NonNullable<MenuProps['items']>[number]

/**
 * The main menu of SPEC §2: Refine's resources, filtered by the permissions
 * the API computed (one lookup, no call per entry), wide enough for the
 * longest label in all four languages.
 */
export function AppSider() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { menuItems, selectedKey, defaultOpenKeys } = useMenu()
  const { data: permissions } = usePermissions<Record<string, string[]>>({})
  const [collapsed, setCollapsed] = useState(
    () => localStorage.getItem('mcn.sider') === 'collapsed'
  )

  const items = useMemo(() => {
    const allowed = (item: TreeMenuItem) =>
      permissions?.[permissionKeyOf(item.name)]?.includes('list') ?? false
    const toItem = (item: TreeMenuItem): Item | null => {
      if (item.meta?.hide) return null
      if (item.children.length) {
        const children = item.children.map(toItem).filter((child): child is Item => child !== null)
        if (!children.length) return null
        return { key: item.key, icon: item.icon, label: item.label, children }
      }
      if (!item.route || !allowed(item)) return null
      return { key: item.key, icon: item.icon, label: <Link to={item.route}>{item.label}</Link> }
    }
    return menuItems.map(toItem).filter((item): item is Item => item !== null)
  }, [menuItems, permissions])

  const toggle = () => {
    setCollapsed((value) => {
      localStorage.setItem('mcn.sider', value ? 'expanded' : 'collapsed')
      return !value
    })
  }

  return (
    <Layout.Sider
      width={WIDTH}
      collapsedWidth={COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      collapsible
      breakpoint="lg"
      onBreakpoint={(broken) => broken && setCollapsed(true)}
      style={{
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflow: 'hidden',
        background: token.colorBgContainer,
        borderRight: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <div
          style={{
            height: 64,
            display: 'flex',
            alignItems: 'center',
            padding: collapsed ? '0 22px' : '0 18px',
            flex: 'none',
          }}
        >
          <AppTitle collapsed={collapsed} />
        </div>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selectedKey ? [selectedKey] : []}
          defaultOpenKeys={defaultOpenKeys}
          style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', borderInlineEnd: 'none' }}
          data-testid="main-menu"
        />
        <button
          type="button"
          onClick={toggle}
          aria-label={t(collapsed ? 'app.expand_menu' : 'app.collapse_menu')}
          style={{
            flex: 'none',
            height: 40,
            border: 'none',
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            background: 'transparent',
            cursor: 'pointer',
            color: token.colorTextSecondary,
          }}
        >
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </button>
      </div>
    </Layout.Sider>
  )
}
