import { Outlet } from 'react-router'
import { Layout } from 'antd'
import { AppHeader } from './app-header'
import { AppSider } from './app-sider'

/** The signed-in frame: the permission-filtered main menu, the header and the screen. */
export function AppLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppSider />
      <Layout>
        <AppHeader />
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

export default AppLayout
