import { useState } from 'react'
import { Card, Segmented, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { RANKING_PERIOD_DAYS, type PlatformKey, type RankingPeriod } from '@shared/constants'
import { BRAND } from '../../../config'
import type { CategoryPanel as CategoryData, DataCenterPanel, FanTiers } from '../../../lib/metrics'
import { useApiQuery } from '../../../lib/use-api-query'
import { useMetricFormat } from '../../../lib/format'
import { LoadState } from '../../../components/load-state'
import { TopLists } from '../../data-center/components/top-lists'
import { IndexPanel } from '../../data-center/components/index-panel'
import { FanTierPanel } from '../../data-center/components/fan-tiers'
import { CategoryPanel } from '../../data-center/components/category-panel'
import { useDashboard } from '../lib/context'

const PERIODS = Object.keys(RANKING_PERIOD_DAYS) as RankingPeriod[]
type TabKey = 'top' | 'index' | 'tiers' | 'categories'

/**
 * The Data Center's panels for one platform (a platform dashboard): its
 * top-10 lists, fan and view index with the score ranking, fan tiers and
 * categories, for 1 week, 1 month or 3 months ending at the range's end.
 * The page mounts it anew after a collection (key = the dashboard's version).
 */
export function PlatformDataCenter({ platform }: { platform: PlatformKey }) {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const { filters } = useDashboard()
  const [period, setPeriod] = useState<RankingPeriod>('1w')
  const [tab, setTab] = useState<TabKey>('top')
  const panel = useApiQuery<DataCenterPanel>(`/api/${BRAND}_dashboard_panel`, {
    period,
    platform,
    date: filters.end,
  })
  const tiers = useApiQuery<FanTiers>(
    '/api/dashboard/fans',
    { platform_id: platform },
    { enabled: tab === 'tiers' }
  )
  const categories = useApiQuery<CategoryData>(
    '/api/dashboard/category/platform',
    { period, platform, date: filters.end },
    { enabled: tab === 'categories' }
  )
  const withPanel = (draw: (value: DataCenterPanel) => React.ReactNode) => (
    <LoadState loading={panel.loading} error={panel.error}>
      {panel.data ? draw(panel.data) : null}
    </LoadState>
  )

  return (
    <Card
      title={t('dashboard.data_center.title')}
      extra={
        <Segmented<RankingPeriod>
          size="small"
          value={period}
          onChange={setPeriod}
          options={PERIODS.map((key) => ({ value: key, label: t(`data_center.period.${key}`) }))}
        />
      }
      styles={{ body: { paddingTop: 4 } }}
      data-testid="platform-data-center"
    >
      {panel.data?.range && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('dashboard.range', {
            start: panel.data.range.start,
            end: panel.data.range.end,
            days: panel.data.range.days,
          })}
        </Typography.Text>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden
        items={[
          {
            key: 'top',
            label: t('data_center.tabs.top'),
            children: withPanel((value) => (
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
          },
          {
            key: 'index',
            label: t('data_center.tabs.index'),
            children: withPanel((value) => <IndexPanel panel={value} format={format} />),
          },
          {
            key: 'tiers',
            label: t('data_center.tabs.tiers'),
            children: (
              <LoadState loading={tiers.loading} error={tiers.error}>
                {tiers.data ? <FanTierPanel tiers={tiers.data} format={format} /> : null}
              </LoadState>
            ),
          },
          {
            key: 'categories',
            label: t('data_center.tabs.categories'),
            children: (
              <LoadState loading={categories.loading} error={categories.error}>
                {categories.data ? <CategoryPanel data={categories.data} format={format} /> : null}
              </LoadState>
            ),
          },
        ]}
      />
    </Card>
  )
}
