import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { Button, Card, DatePicker, Segmented, Space, Tabs, Tooltip, Typography } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import {
  PLATFORMS,
  RANKING_PERIOD_DAYS,
  type PlatformKey,
  type RankingPeriod,
} from '@shared/constants'
import { BRAND } from '../../config'
import type { CategoryPanel as CategoryData, DataCenterPanel, FanTiers } from '../../lib/metrics'
import { useApiQuery } from '../../lib/use-api-query'
import { useMetricFormat } from '../../lib/format'
import { DAY } from '../../lib/dates'
import { PlatformSelect } from '../../components/platform-select'
import { LoadState } from '../../components/load-state'
import { TopLists } from './components/top-lists'
import { IndexPanel } from './components/index-panel'
import { GrowthVsYoutube } from './components/growth-vs-youtube'
import { FanTierPanel } from './components/fan-tiers'
import { CategoryPanel } from './components/category-panel'
import { Toolbar } from '../../components/toolbar'

const PERIODS = Object.keys(RANKING_PERIOD_DAYS) as RankingPeriod[]
const TABS = ['top', 'index', 'youtube', 'tiers', 'categories'] as const
type TabKey = (typeof TABS)[number]

/** Period, platform, end date and tab live in the address, so a link (or a language switch) keeps them. */
function useDataCenterParams() {
  const [params, setParams] = useSearchParams()
  const period = (PERIODS as string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as RankingPeriod)
    : '1w'
  const platform = (PLATFORMS as readonly string[]).includes(params.get('platform') ?? '')
    ? (params.get('platform') as PlatformKey)
    : null
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date') : null
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabKey)
    : 'top'
  const set = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value)
            else next.delete(key)
          }
          return next
        },
        { replace: true }
      ),
    [setParams]
  )
  return { period, platform, date, tab, set }
}

/**
 * /app/data_report — the Data Center (SPEC §2): top-10 lists, fan and view
 * index with the score ranking, growth against YouTube, fan tiers and the
 * category panel, for a period of 1 week, 1 month or 3 months.
 */
export function DataCenter() {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const { period, platform, date, tab, set } = useDataCenterParams()

  const panel = useApiQuery<DataCenterPanel>(`/api/${BRAND}_dashboard_panel`, {
    period,
    platform,
    date,
  })
  const categories = useApiQuery<CategoryData>(
    '/api/dashboard/category/platform',
    { period, platform, date },
    { enabled: tab === 'categories' }
  )
  const tiers = useApiQuery<FanTiers>(
    '/api/dashboard/fans',
    { platform_id: platform },
    { enabled: tab === 'tiers' }
  )

  const data = panel.data
  const range = data?.range
  const refresh = () => {
    void panel.refetch()
    if (tab === 'categories') void categories.refetch()
    if (tab === 'tiers') void tiers.refetch()
  }

  const withPanel = (draw: (value: DataCenterPanel) => React.ReactNode) => (
    <LoadState loading={panel.loading} error={panel.error}>
      {data ? draw(data) : null}
    </LoadState>
  )

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="data-center">
      <Card size="small">
        <Toolbar>
          <Space direction="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('menu.data_center')}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="dc-range">
              {range
                ? t('data_center.range', { start: range.start, end: range.end, days: range.days })
                : t('app.loading')}
            </Typography.Text>
          </Space>
          <Space wrap>
            <Segmented<RankingPeriod>
              value={period}
              onChange={(value) => set({ period: value === '1w' ? null : value })}
              options={PERIODS.map((key) => ({
                value: key,
                label: <span data-testid={`period-${key}`}>{t(`data_center.period.${key}`)}</span>,
              }))}
              data-testid="period-switch"
            />
            <PlatformSelect
              value={platform}
              onChange={(value) => set({ platform: value })}
              testId="platform-select"
            />
            <Tooltip title={t('data_center.end_date_hint')}>
              <DatePicker
                allowClear
                value={date ? dayjs(date) : null}
                placeholder={t('data_center.end_date')}
                disabledDate={(day) => day.isAfter(dayjs(), 'day')}
                onChange={(value) => set({ date: value ? value.format(DAY) : null })}
                data-testid="end-date"
              />
            </Tooltip>
            <Button
              icon={<ReloadOutlined spin={panel.fetching && !panel.loading} />}
              onClick={refresh}
            >
              {t('buttons.refresh')}
            </Button>
          </Space>
        </Toolbar>
      </Card>

      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => set({ tab: key === 'top' ? null : key })}
          destroyOnHidden
          items={[
            {
              key: 'top',
              label: <span data-testid="tab-top">{t('data_center.tabs.top')}</span>,
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
              label: <span data-testid="tab-index">{t('data_center.tabs.index')}</span>,
              children: withPanel((value) => <IndexPanel panel={value} format={format} />),
            },
            {
              key: 'youtube',
              label: <span data-testid="tab-youtube">{t('data_center.tabs.youtube')}</span>,
              children: withPanel((value) => <GrowthVsYoutube panel={value} format={format} />),
            },
            {
              key: 'tiers',
              label: <span data-testid="tab-tiers">{t('data_center.tabs.tiers')}</span>,
              children: (
                <LoadState loading={tiers.loading} error={tiers.error}>
                  {tiers.data ? <FanTierPanel tiers={tiers.data} format={format} /> : null}
                </LoadState>
              ),
            },
            {
              key: 'categories',
              label: <span data-testid="tab-categories">{t('data_center.tabs.categories')}</span>,
              children: (
                <LoadState loading={categories.loading} error={categories.error}>
                  {categories.data ? (
                    <CategoryPanel data={categories.data} format={format} />
                  ) : null}
                </LoadState>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  )
}

export default DataCenter
