import { lazy, Suspense, useMemo, useState } from 'react'
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router'
import { Authenticated, Refine } from '@refinedev/core'
import routerProvider, { CatchAllNavigate, UnsavedChangesNotifier } from '@refinedev/react-router'
import { App as AntdApp, ConfigProvider, Spin } from 'antd'
import { THEME } from './theme'
import { useTranslation } from 'react-i18next'
import { MAX_SNACKBARS } from '@shared/constants'
import { authProvider } from './providers/auth'
import { accessControlProvider } from './providers/access'
import { dataProvider } from './providers/data'
import { useNotificationProvider } from './providers/notification'
import i18next, { antdLocaleOf, i18nProvider } from './providers/i18n'
import { buildResources } from './providers/resources'
import { useAuthStore } from './providers/auth-store'
import { appRoutes, preloadScreen, publicDocRoutes } from './routes'
import { session } from './providers/session'
import { LandingNavigate } from './components/landing'
import { BootShell } from './components/layout/boot-shell'
import { onDemand } from './lib/on-demand'
import { ScreenBoundary } from './components/screen-boundary'

const LoginPage = lazy(() => import('./pages/login'))
const RegisterPage = lazy(() => import('./pages/register'))
const NotFoundPage = lazy(() => import('./pages/not-found'))
const AuthDialogs = lazy(() => import('./components/auth-dialogs'))
const Layout = onDemand(() => import('./components/layout/app-layout'))

/*
 * With a stored token the studio expects to be signed in: the layout and the
 * screen being opened are asked for at once, beside the user's info, and the
 * shell (menu, header, the screen's skeleton) paints before that answer. A
 * token the API refuses still ends on /login.
 */
const expectSignedIn = Boolean(session.getToken())

/**
 * Settles once the code of the frame and of the screen being opened is in
 * (or did not come), so that the first render draws them at once instead of
 * their placeholders; at most `waitMs`, after which the first render goes on
 * with what it has.
 */
export function openingScreenCode(waitMs: number): Promise<unknown> {
  if (!expectSignedIn) return Promise.resolve()
  const code = Promise.all([
    Layout.preload().catch(() => undefined),
    preloadScreen(window.location.pathname, window.location.search),
  ])
  return Promise.race([code, new Promise((resolve) => setTimeout(resolve, waitMs))])
}

function Loading() {
  const { t } = useTranslation()
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Spin tip={t('app.loading')} size="large">
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  )
}

/** The signed-in frame; the boot frame (the same places) until its code is in. */
function AppLayout() {
  return <Layout fallback={<BootShell />} />
}

/** What stands while a screen's code loads: the signed-in frame under /app, else a spinner. */
function RouteFallback() {
  return expectSignedIn && /^\/app(\/|$)/.test(window.location.pathname) ? (
    <BootShell />
  ) : (
    <Loading />
  )
}

/** The sign-in dialogs of SPEC §4, loaded the first time one is raised and kept from then on. */
function AuthDialogsWhenAsked() {
  const { dialog, tokenExpired } = useAuthStore()
  const [asked, setAsked] = useState(false)
  if (!asked && (dialog || tokenExpired)) setAsked(true)
  return asked ? (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  ) : null
}

/** Refine with antd, the providers, and the route table of SPEC §2. */
function StudioRefine() {
  const { t, i18n } = useTranslation()
  const resources = useMemo(() => buildResources(t), [t])
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        reactQuery: {
          clientConfig: { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } },
        },
      }}
    >
      <Suspense fallback={<RouteFallback />}>
        <Routes key={i18n.language}>
          <Route index element={<LandingNavigate pending={<Loading />} />} />
          <Route
            element={
              <Authenticated key="public" fallback={<Outlet />}>
                <LandingNavigate pending={<Loading />} />
              </Authenticated>
            }
          >
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
          </Route>
          <Route
            path="/app"
            element={
              <Authenticated
                key="app"
                fallback={<CatchAllNavigate to="/login" />}
                loading={expectSignedIn ? <AppLayout /> : <Loading />}
              >
                <AppLayout />
              </Authenticated>
            }
          >
            <Route index element={<LandingNavigate />} />
            {appRoutes}
          </Route>
          <Route path="/404" element={<NotFoundPage />} />
          {publicDocRoutes}
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
      <AuthDialogsWhenAsked />
      <UnsavedChangesNotifier />
    </Refine>
  )
}

/*
 * antd's static calls (Modal.confirm, message.open … imported from antd
 * rather than taken from App.useApp) render outside the tree below: they get
 * the same words and look, in the language current when they open.
 */
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={antdLocaleOf(i18next.language)} theme={THEME}>
      {children}
    </ConfigProvider>
  ),
})

export default function App() {
  const { i18n } = useTranslation()

  return (
    <BrowserRouter>
      <ConfigProvider locale={antdLocaleOf(i18n.language)} theme={THEME}>
        <AntdApp message={{ maxCount: MAX_SNACKBARS }} notification={{ maxCount: MAX_SNACKBARS }}>
          {/* the frame's own code (or anything outside a screen) failing: said, not a blank page */}
          <ScreenBoundary>
            <StudioRefine />
          </ScreenBoundary>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  )
}
