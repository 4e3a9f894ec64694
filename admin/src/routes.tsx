import { lazy } from 'react'
import { Navigate, Route } from 'react-router'
import { BRAND } from './config'
import { PLATFORM_DASHBOARDS } from './providers/resources'
import { Screen } from './components/screen'
import type { PublicDocKey } from './pages/public-docs'

const NotSupportedPage = lazy(() => import('./pages/not-supported'))
const SettingsPage = lazy(() => import('./pages/settings'))
const StudioLogPage = lazy(() => import('./pages/studio-log'))
const AccountPage = lazy(() => import('./pages/account'))
const DiagnosticsPage = lazy(() => import('./pages/diagnostics'))
const PublicDocPage = lazy(() => import('./pages/public-docs'))
const CreatorListPage = lazy(() => import('./resources/creators/list'))
const CreatorShowPage = lazy(() => import('./resources/creators/show'))
const CreatorCreatePage = lazy(() => import('./resources/creators/create'))
const CreatorEditPage = lazy(() => import('./resources/creators/edit'))
const DataCenterPage = lazy(() => import('./resources/data-center'))
const TotalComparePage = lazy(() => import('./resources/compare/total-compare'))
const CreatorComparePage = lazy(() => import('./resources/compare/creator-compare'))
const DashboardPage = lazy(() => import('./resources/dashboard/dashboard'))
const DataDashboardPage = lazy(() => import('./resources/dashboard/data-dashboard'))
const PlatformDashboardPage = lazy(() => import('./resources/dashboard/platform-dashboard'))
const BoardPage = lazy(() => import('./pages/board'))
const PrivateLetterPage = lazy(() => import('./pages/private-letter'))
const AlertDashboardPage = lazy(() => import('./pages/alert-dashboard'))
const MarketDashboardPage = lazy(() => import('./pages/market'))
const ProductsPage = lazy(() => import('./pages/products'))
const StaffListPage = lazy(() => import('./resources/staff/list'))
const StaffShowPage = lazy(() => import('./resources/staff/show'))
const StaffEditPage = lazy(() => import('./resources/staff/edit'))

/**
 * Every route under /app of SPEC §2 and the menu resource whose permission
 * guards it. Screens a later release builds answer with the honest 'Not
 * supported yet' page; the built ones name their page here.
 */
const APP_ROUTES: { path: string; resource: string; page?: React.ReactNode }[] = [
  { path: 'account', resource: 'account', page: <AccountPage /> },
  { path: 'modify_account', resource: 'account', page: <AccountPage /> },
  { path: 'settings', resource: 'settings', page: <SettingsPage /> },
  { path: 'test2', resource: 'settings', page: <DiagnosticsPage /> },
  { path: `${BRAND}_studio_log`, resource: 'studio_log', page: <StudioLogPage /> },
  { path: 'customers', resource: 'creators', page: <CreatorListPage /> },
  { path: 'creator_info', resource: 'creators', page: <CreatorShowPage /> },
  { path: 'add_creator', resource: 'creators', page: <CreatorCreatePage /> },
  { path: 'modify_creator', resource: 'creators', page: <CreatorEditPage /> },
  { path: 'private_letter', resource: 'private_letter', page: <PrivateLetterPage /> },
  { path: 'creator_video_list', resource: 'video_dashboard' },
  { path: 'dashboard', resource: 'dashboard', page: <DashboardPage /> },
  { path: 'products', resource: 'products', page: <ProductsPage /> },
  { path: 'data_analysis', resource: 'growth_board' },
  { path: 'data_report', resource: 'data_center', page: <DataCenterPage /> },
  { path: 'total_compare', resource: 'total_compare', page: <TotalComparePage /> },
  { path: 'data_dashboard', resource: 'data_dashboard', page: <DataDashboardPage /> },
  { path: 'creator_tracking', resource: 'creator_tracking' },
  ...PLATFORM_DASHBOARDS.map((key) => ({
    path: `platform_${key}`,
    resource: `platform_${key}`,
    page: <PlatformDashboardPage dashboard={key} />,
  })),
  { path: 'video_dashboard', resource: 'video_dashboard' },
  { path: 'video_detailSection', resource: 'video_dashboard' },
  { path: 'video_compare', resource: 'video_compare' },
  { path: 'creator_compare', resource: 'creator_compare', page: <CreatorComparePage /> },
  { path: 'board', resource: 'board', page: <BoardPage /> },
  { path: 'creator_adjustment', resource: 'creator_adjustment' },
  { path: `${BRAND}_report`, resource: 'report' },
  { path: 'report_page', resource: 'report' },
  { path: `${BRAND}_labs`, resource: 'labs' },
  { path: 'upload_main', resource: 'upload' },
  { path: 'upload_main/upload_station', resource: 'upload' },
  { path: 'market_dashboard', resource: 'market_dashboard', page: <MarketDashboardPage /> },
  { path: 'alert_dashboard', resource: 'alert_dashboard', page: <AlertDashboardPage /> },
  { path: 'outside_creator', resource: 'outside_creator' },
  { path: 'outside_video', resource: 'outside_video' },
  { path: 'connect_cr_data', resource: 'connect_creator_data' },
  { path: 'connect_video_data', resource: 'connect_creator_data' },
  { path: 'connect_task_data', resource: 'connect_task_data' },
  { path: 'staff', resource: 'staff', page: <StaffListPage /> },
  { path: 'staff/:id', resource: 'staff', page: <StaffShowPage /> },
  { path: 'staff/:id/edit', resource: 'staff', page: <StaffEditPage /> },
]

export const appRoutes = (
  <>
    {APP_ROUTES.map(({ path, resource, page }) => (
      <Route
        key={path}
        path={path}
        element={
          <Screen resource={resource}>{page ?? <NotSupportedPage resource={resource} />}</Screen>
        }
      />
    ))}
    <Route path="*" element={<Navigate to="/404" replace />} />
  </>
)

const DOCS: PublicDocKey[] = [
  'br_page',
  'bilidoc',
  'bilidoc_hh',
  'authorization_doc',
  'xiguaright_doc',
  'xiguasignup_doc',
  'egg',
]

export const publicDocRoutes = DOCS.map((doc) => (
  <Route key={doc} path={`/${doc}`} element={<PublicDocPage doc={doc} />} />
))
