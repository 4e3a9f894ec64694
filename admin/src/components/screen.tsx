import { lazy, Suspense } from 'react'
import { useCan } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from './page-title'
import { ScreenSkeleton } from './layout/screen-skeleton'

const NoPermission = lazy(() => import('./no-permission'))

/**
 * One screen of /app: checks the `list` permission of its menu resource with
 * the accessControlProvider (its skeleton shows meanwhile) and names the
 * browser tab after it.
 */
export function Screen({ resource, children }: { resource: string; children: React.ReactNode }) {
  const { t } = useTranslation()
  usePageTitle(t(`menu.${resource}`))
  const { data, isPending } = useCan({ resource, action: 'list' })
  if (isPending) return <ScreenSkeleton />
  if (data?.can) return <>{children}</>
  return (
    <Suspense fallback={null}>
      <NoPermission />
    </Suspense>
  )
}
