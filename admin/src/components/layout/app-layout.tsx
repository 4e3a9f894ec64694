import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Layout } from 'antd'
import { AppHeader } from './app-header'
import { AppSider } from './app-sider'
import { ScreenSkeleton } from './screen-skeleton'
import { ScreenBoundary } from '../screen-boundary'

/**
 * The signed-in frame: the permission-filtered main menu, the header and the
 * screen. The frame stays painted while a screen's code loads; the screen's
 * place shows its skeleton meanwhile. One boundary per address: moving to
 * another screen shows that screen's skeleton at once instead of keeping the
 * previous screen mounted (and its list writing its filters into the
 * address) until the new one's code has arrived. A screen that cannot be
 * drawn (its code did not come) says so in its place, under a usable frame.
 */
export function AppLayout() {
  const { pathname } = useLocation()
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppSider />
      <Layout>
        <AppHeader />
        <Layout.Content style={{ padding: 24 }}>
          <ScreenBoundary key={pathname}>
            <Suspense fallback={<ScreenSkeleton />}>
              <Outlet />
            </Suspense>
          </ScreenBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

export default AppLayout
