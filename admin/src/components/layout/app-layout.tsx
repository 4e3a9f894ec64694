import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { Layout } from 'antd'
import { AppHeader } from './app-header'
import { AppSider } from './app-sider'
import { ScreenSkeleton } from './screen-skeleton'

/**
 * The signed-in frame: the permission-filtered main menu, the header and the
 * screen. The frame stays painted while a screen's code loads; the screen's
 * place shows its skeleton meanwhile.
 */
export function AppLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppSider />
      <Layout>
        <AppHeader />
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<ScreenSkeleton />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

export default AppLayout
