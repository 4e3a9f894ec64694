import type { ComponentType } from 'react'
import { matchPath, Navigate, Route } from 'react-router'
import { BRAND } from './config'
import { PLATFORM_DASHBOARDS } from './providers/resources'
import { Screen } from './components/screen'
import { ScreenSkeleton } from './components/layout/screen-skeleton'
import { onDemand } from './lib/on-demand'
import { askEarly } from './providers/early-answers'
import { creatorIdOf } from './resources/creators/components/creator-id'
import type { PublicDocKey } from './pages/public-docs'

/**
 * A screen's code is its own chunk (lib/on-demand.tsx: drawn as soon as it is
 * in, its skeleton meanwhile). `screen()` keeps the fetch so that the chunk of
 * the address being opened can be asked for at start-up, beside the user's
 * info and the layout, instead of after them (preloadScreen).
 */
const loaders = new Map<ComponentType<any>, () => Promise<unknown>>()
function screen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Code = onDemand(load)
  const Component = (props: P) => <Code {...props} fallback={<ScreenSkeleton />} />
  loaders.set(Component, Code.preload)
  return Component
}

/* Screens over a REST resource (resources/<resource>/) */
const CreatorList = screen(() => import('./resources/creators/list'))
const CreatorShow = screen(() => import('./resources/creators/show'))
const CreatorCreate = screen(() => import('./resources/creators/create'))
const CreatorEdit = screen(() => import('./resources/creators/edit'))
const StaffList = screen(() => import('./resources/people/staff-list'))
const StaffShow = screen(() => import('./resources/people/staff-show'))
const StaffEdit = screen(() => import('./resources/people/staff-edit'))
const DealList = screen(() => import('./resources/deals/list'))
const ProductSaleList = screen(() => import('./resources/product-sales/list'))
const BoardScreen = screen(() => import('./resources/board-posts'))
const LetterList = screen(() => import('./resources/letters/list'))
const AlertList = screen(() => import('./resources/alerts/list'))
const AuditLogList = screen(() => import('./resources/audit-logs/list'))

/* Dashboards and the other custom screens (pages/<feature>/) */
const DashboardPage = screen(() => import('./pages/dashboard/dashboard'))
const DataDashboardPage = screen(() => import('./pages/dashboard/data-dashboard'))
const PlatformDashboardPage = screen(() => import('./pages/dashboard/platform-dashboard'))
const DataCenterPage = screen(() => import('./pages/data-center'))
const TotalComparePage = screen(() => import('./pages/compare/total-compare'))
const CreatorComparePage = screen(() => import('./pages/compare/creator-compare'))
const AccountPage = screen(() => import('./pages/account'))
const SettingsPage = screen(() => import('./pages/settings'))
const DiagnosticsPage = screen(() => import('./pages/diagnostics'))
const CreatorTrackingPage = screen(() => import('./pages/creator-tracking'))
const CreatorVideoListPage = screen(() => import('./pages/creator-video-list'))
const VideoDashboardPage = screen(() => import('./pages/video-dashboard'))
const VideoDetailPage = screen(() => import('./pages/video-detail'))
const VideoComparePage = screen(() => import('./pages/video-compare'))
const GrowthBoardPage = screen(() => import('./pages/growth'))
const UploadStationPage = screen(() => import('./pages/upload-station'))
const SettlementPage = screen(() => import('./pages/settlement'))
const OutsideCreatorPage = screen(() => import('./pages/outside-creators'))
const NotSupportedPage = screen(() => import('./pages/not-supported'))
const PublicDocPage = screen(() => import('./pages/public-docs'))
const ReportPage = screen(() => import('./pages/reports/report-page'))
const StudioReportPage = screen(() => import('./pages/reports/studio-report'))
const LoginHealthPage = screen(() => import('./pages/login-health'))
const ConnectCreatorsPage = screen(() => import('./pages/connect-data/connect-creators'))
const ConnectVideosPage = screen(() => import('./pages/connect-data/connect-videos'))
const ConnectTasksPage = screen(() => import('./pages/connect-data/connect-tasks'))
const OutsideVideoPage = screen(() => import('./pages/outside-videos'))
const LabsPage = screen(() => import('./pages/labs'))

/**
 * Every route under /app of SPEC §2 and the menu resource whose permission
 * guards it. Screens a later release builds answer with the honest 'Not
 * supported yet' page; the built ones name their page here.
 */
const APP_ROUTES: {
  path: string
  resource: string
  page?: React.ReactNode
  /** What the screen reads first, asked for at start-up beside its code (early-answers.ts). */
  early?: (params: URLSearchParams) => string[]
}[] = [
  { path: 'account', resource: 'account', page: <AccountPage /> },
  { path: 'modify_account', resource: 'account', page: <AccountPage /> },
  { path: 'settings', resource: 'settings', page: <SettingsPage /> },
  { path: 'test2', resource: 'diagnostics', page: <DiagnosticsPage /> },
  { path: `${BRAND}_studio_log`, resource: 'studio_log', page: <AuditLogList /> },
  { path: 'customers', resource: 'creators', page: <CreatorList /> },
  {
    path: 'creator_info',
    resource: 'creators',
    page: <CreatorShow />,
    early: (params) => {
      const id = creatorIdOf(params)
      return id === null ? [] : [`/api/creators/${id}`]
    },
  },
  { path: 'add_creator', resource: 'creators', page: <CreatorCreate /> },
  { path: 'modify_creator', resource: 'creators', page: <CreatorEdit /> },
  { path: 'private_letter', resource: 'private_letter', page: <LetterList /> },
  { path: 'creator_video_list', resource: 'video_dashboard', page: <CreatorVideoListPage /> },
  { path: 'dashboard', resource: 'dashboard', page: <DashboardPage /> },
  { path: 'products', resource: 'products', page: <ProductSaleList /> },
  { path: 'data_analysis', resource: 'growth_board', page: <GrowthBoardPage /> },
  { path: 'data_report', resource: 'data_center', page: <DataCenterPage /> },
  { path: 'total_compare', resource: 'total_compare', page: <TotalComparePage /> },
  { path: 'data_dashboard', resource: 'data_dashboard', page: <DataDashboardPage /> },
  { path: 'creator_tracking', resource: 'creator_tracking', page: <CreatorTrackingPage /> },
  ...PLATFORM_DASHBOARDS.map((key) => ({
    path: `platform_${key}`,
    resource: `platform_${key}`,
    page: <PlatformDashboardPage dashboard={key} />,
  })),
  { path: 'video_dashboard', resource: 'video_dashboard', page: <VideoDashboardPage /> },
  { path: 'video_detailSection', resource: 'video_dashboard', page: <VideoDetailPage /> },
  { path: 'video_compare', resource: 'video_compare', page: <VideoComparePage /> },
  { path: 'creator_compare', resource: 'creator_compare', page: <CreatorComparePage /> },
  { path: 'board', resource: 'board', page: <BoardScreen /> },
  { path: 'creator_adjustment', resource: 'creator_adjustment', page: <SettlementPage /> },
  { path: `${BRAND}_report`, resource: 'report', page: <StudioReportPage /> },
  { path: 'report_page', resource: 'report', page: <ReportPage /> },
  { path: `${BRAND}_labs`, resource: 'labs', page: <LabsPage /> },
  { path: 'upload_main', resource: 'upload', page: <UploadStationPage /> },
  { path: 'upload_main/upload_station', resource: 'upload', page: <UploadStationPage /> },
  { path: 'market_dashboard', resource: 'market_dashboard', page: <DealList /> },
  { path: 'alert_dashboard', resource: 'alert_dashboard', page: <AlertList /> },
  { path: 'alert_dashboard/logins', resource: 'alert_dashboard', page: <LoginHealthPage /> },
  { path: 'outside_creator', resource: 'outside_creator', page: <OutsideCreatorPage /> },
  { path: 'outside_video', resource: 'outside_video', page: <OutsideVideoPage /> },
  { path: 'connect_cr_data', resource: 'connect_creator_data', page: <ConnectCreatorsPage /> },
  { path: 'connect_video_data', resource: 'connect_creator_data', page: <ConnectVideosPage /> },
  { path: 'connect_task_data', resource: 'connect_task_data', page: <ConnectTasksPage /> },
  { path: 'staff', resource: 'staff', page: <StaffList /> },
  { path: 'staff/:id', resource: 'staff', page: <StaffShow /> },
  { path: 'staff/:id/edit', resource: 'staff', page: <StaffEdit /> },
]

/**
 * Asks for the code of the screen at `pathname` (under /app/) now, and for
 * what it reads first; no-op elsewhere. Settles when the code is in (or did
 * not come).
 */
export function preloadScreen(pathname: string, search = ''): Promise<unknown> {
  const path = pathname.replace(/^\/app\/?/, '')
  if (path === pathname) return Promise.resolve()
  const route = APP_ROUTES.find((candidate) => matchPath(`/${candidate.path}`, `/${path}`))
  const type = route?.page && (route.page as React.ReactElement).type
  const load = type ? loaders.get(type as ComponentType<any>) : undefined
  for (const url of route?.early?.(new URLSearchParams(search)) ?? []) askEarly(url)
  return load ? load().catch(() => undefined) : Promise.resolve()
}

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
