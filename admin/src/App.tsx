import { lazy, Suspense, useEffect, useMemo } from 'react'
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router'
import { Authenticated, Refine } from '@refinedev/core'
import { useNotificationProvider } from '@refinedev/antd'
import routerProvider, { CatchAllNavigate, UnsavedChangesNotifier } from '@refinedev/react-router'
import { App as AntdApp, ConfigProvider, Spin } from 'antd'
import koKR from 'antd/locale/ko_KR'
import zhCN from 'antd/locale/zh_CN'
import enUS from 'antd/locale/en_US'
import jaJP from 'antd/locale/ja_JP'
import dayjs from 'dayjs'
import 'dayjs/locale/ko'
import 'dayjs/locale/zh-cn'
import 'dayjs/locale/ja'
import { useTranslation } from 'react-i18next'
import { MAX_SNACKBARS } from '@shared/constants'
import { authProvider } from './providers/auth'
import { accessControlProvider } from './providers/access'
import { dataProvider } from './providers/data'
import { i18nProvider } from './providers/i18n'
import { buildResources } from './providers/resources'
import { AuthDialogs } from './components/auth-dialogs'
import { appRoutes, publicDocRoutes } from './routes'

const LoginPage = lazy(() => import('./pages/login'))
const RegisterPage = lazy(() => import('./pages/register'))
const NotFoundPage = lazy(() => import('./pages/not-found'))
const AppLayout = lazy(() => import('./components/layout/app-layout'))

const ANTD_LOCALES = { ko: koKR, zh: zhCN, en: enUS, ja: jaJP } as const
const DAYJS_LOCALES = { ko: 'ko', zh: 'zh-cn', en: 'en', ja: 'ja' } as const

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
      <Suspense fallback={<Loading />}>
        <Routes key={i18n.language}>
          <Route index element={<Navigate to="/app/data_dashboard" replace />} />
          <Route
            element={
              <Authenticated key="public" fallback={<Outlet />}>
                <Navigate to="/app/data_dashboard" replace />
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
                loading={<Loading />}
              >
                <AppLayout />
              </Authenticated>
            }
          >
            <Route index element={<Navigate to="/app/data_dashboard" replace />} />
            {appRoutes}
          </Route>
          <Route path="/404" element={<NotFoundPage />} />
          {publicDocRoutes}
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
      <AuthDialogs />
      <UnsavedChangesNotifier />
    </Refine>
  )
}

export default function App() {
  const { i18n } = useTranslation()
  const locale = i18n.language as keyof typeof ANTD_LOCALES

  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[locale] ?? 'en')
  }, [locale])

  return (
    <BrowserRouter>
      <ConfigProvider
        locale={ANTD_LOCALES[locale] ?? enUS}
        theme={{ token: { colorPrimary: '#3b5bdb', borderRadius: 8 } }}
      >
        <AntdApp message={{ maxCount: MAX_SNACKBARS }} notification={{ maxCount: MAX_SNACKBARS }}>
          <StudioRefine />
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  )
}
