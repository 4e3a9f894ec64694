import type { TabsProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PlatformKey, RankingPeriod } from '@shared/constants'
import { BRAND } from '../../../config'
import type { CategoryPanel as CategoryData, DataCenterPanel, FanTiers } from '../../../lib/metrics'
import { useApiQuery } from '../../../lib/use-api-query'
import { useMetricFormat } from '../../../lib/format'
import { LoadState } from '../../../components/load-state'
import { TopLists } from './top-lists'
import { IndexPanel } from './index-panel'
import { GrowthVsYoutube } from './growth-vs-youtube'
import { FanTierPanel } from './fan-tiers'
import { CategoryPanel } from './category-panel'

export type PanelTab = 'top' | 'index' | 'youtube' | 'tiers' | 'categories'

/**
 * The Data Center's panels for a period, platform and end date: the panel
 * answer (top lists, index, growth vs YouTube) and, when their tab is open,
 * the fan tiers and categories; `tabs` gives the tab items to show.
 */
export function useDataCenterPanels({
  period,
  platform,
  date,
  tab,
}: {
  period: RankingPeriod
  platform: PlatformKey | null
  date?: string | null
  tab: PanelTab
}) {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const panel = useApiQuery<DataCenterPanel>(`/api/${BRAND}_dashboard_panel`, {
    period,
    platform,
    date,
  })
  const tiers = useApiQuery<FanTiers>(
    '/api/dashboard/fans',
    { platform_id: platform },
    { enabled: tab === 'tiers' }
  )
  const categories = useApiQuery<CategoryData>(
    '/api/dashboard/category/platform',
    { period, platform, date },
    { enabled: tab === 'categories' }
  )
  const withPanel = (draw: (value: DataCenterPanel) => React.ReactNode) => (
    <LoadState loading={panel.loading} error={panel.error}>
      {panel.data ? draw(panel.data) : null}
    </LoadState>
  )
  const content: Record<PanelTab, () => React.ReactNode> = {
    top: () =>
      withPanel((value) => (
        <TopLists
          end={value.range.end}
          format={format}
          lists={{
            weekly_growth: value.weekly_growth_top,
            monthly_views: value.monthly_views_top,
            monthly_fans: value.monthly_fans_top,
          }}
        />
      )),
    index: () => withPanel((value) => <IndexPanel panel={value} format={format} />),
    youtube: () => withPanel((value) => <GrowthVsYoutube panel={value} format={format} />),
    tiers: () => (
      <LoadState loading={tiers.loading} error={tiers.error}>
        {tiers.data ? <FanTierPanel tiers={tiers.data} format={format} /> : null}
      </LoadState>
    ),
    categories: () => (
      <LoadState loading={categories.loading} error={categories.error}>
        {categories.data ? <CategoryPanel data={categories.data} format={format} /> : null}
      </LoadState>
    ),
  }
  /** The tab items of `keys`, each labelled by `label`. */
  const tabs = (
    keys: PanelTab[],
    label: (key: PanelTab) => React.ReactNode = (key) => t(`data_center.tabs.${key}`)
  ): TabsProps['items'] => keys.map((key) => ({ key, label: label(key), children: content[key]() }))
  const refresh = () => {
    void panel.refetch()
    if (tab === 'categories') void categories.refetch()
    if (tab === 'tiers') void tiers.refetch()
  }
  return { panel, tabs, refresh }
}
