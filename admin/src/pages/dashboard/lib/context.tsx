import { createContext, useContext, useMemo, useState } from 'react'
import { useQueryPatch } from '../../../lib/use-query-patch'
import { PLATFORMS, type PlatformKey } from '@shared/constants'
import { BRAND } from '../../../config'
import type { DashboardOverview } from '../../../lib/metrics'
import { useApiQuery, type ApiQueryResult } from '../../../lib/use-api-query'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filters every panel of a dashboard shares; undefined = the API's default. */
interface DashboardFilters {
  start?: string
  end?: string
  platform?: PlatformKey
}

interface DashboardContextValue {
  filters: DashboardFilters
  /** The platform of a platform dashboard (the platform select is hidden there). */
  fixedPlatform?: PlatformKey
  overview: ApiQueryResult<DashboardOverview>
  /** Bumped after a collection run: every panel fetches again. */
  version: number
  reload: () => void
  setRange: (range: { start: string; end: string } | null) => void
  setPlatform: (platform: PlatformKey | undefined) => void
}

const DashboardContext = createContext<DashboardContextValue | null>(null)

export function useDashboard() {
  const value = useContext(DashboardContext)
  if (!value) throw new Error('useDashboard outside a DashboardProvider')
  return value
}

/** The overview of GET /api/{brand}_dashboard (alias /api/dashboard/overview). */
const OVERVIEW_URL = `/api/${BRAND}_dashboard`

/**
 * The filters of a dashboard live in the address (?start=&end=&platform=),
 * so a view can be bookmarked and shared; without them the API answers for
 * the last 7 days ending at the newest snapshot day.
 */
export function DashboardProvider({
  fixedPlatform,
  children,
}: {
  fixedPlatform?: PlatformKey
  children: React.ReactNode
}) {
  const [params, update] = useQueryPatch({ replace: true })
  const [version, setVersion] = useState(0)

  const start = params.get('start') ?? ''
  const end = params.get('end') ?? ''
  const chosen = params.get('platform') ?? ''
  const filters = useMemo<DashboardFilters>(() => {
    const valid = DAY.test(start) && DAY.test(end) && start <= end
    const platform =
      fixedPlatform ??
      ((PLATFORMS as readonly string[]).includes(chosen) ? (chosen as PlatformKey) : undefined)
    return { start: valid ? start : undefined, end: valid ? end : undefined, platform }
  }, [start, end, chosen, fixedPlatform])

  const overview = useApiQuery<DashboardOverview>(OVERVIEW_URL, { ...filters }, { version })

  const value = useMemo<DashboardContextValue>(
    () => ({
      filters,
      fixedPlatform,
      overview,
      version,
      reload: () => setVersion((current) => current + 1),
      setRange: (range) => update({ start: range?.start, end: range?.end }),
      setPlatform: (platform) => update({ platform }),
    }),
    [filters, fixedPlatform, overview, version, update]
  )

  return <DashboardContext.Provider value={value}>{children}</DashboardContext.Provider>
}
