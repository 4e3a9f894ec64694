import { CanAccess } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { NoPermission } from './no-permission'
import { usePageTitle } from './page-title'

/**
 * One screen of /app: checks the `list` permission of its menu resource with
 * the accessControlProvider and names the browser tab after it.
 */
export function Screen({ resource, children }: { resource: string; children: React.ReactNode }) {
  const { t } = useTranslation()
  usePageTitle(t(`menu.${resource}`))
  return (
    <CanAccess resource={resource} action="list" fallback={<NoPermission />}>
      {children}
    </CanAccess>
  )
}
