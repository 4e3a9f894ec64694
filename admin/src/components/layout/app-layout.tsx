import { Outlet } from 'react-router'
import { ThemedLayout, ThemedSider } from '@refinedev/antd'
import { AppHeader } from './app-header'
import { AppTitle } from './app-title'

/** The signed-in frame: the permission-filtered main menu, the header and the screen. */
export function AppLayout() {
  return (
    <ThemedLayout
      Header={AppHeader}
      Title={AppTitle}
      Sider={(props) => <ThemedSider {...props} fixed render={({ items }) => <>{items}</>} />}
    >
      <Outlet />
    </ThemedLayout>
  )
}

export default AppLayout
