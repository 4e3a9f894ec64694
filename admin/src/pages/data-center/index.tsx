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
import { DAY } from '../../lib/dates'
import { PlatformSelect } from '../../components/platform-select'
import { Toolbar } from '../../components/toolbar'
import { useQueryPatch } from '../../lib/use-query-patch'
import { useDataCenterPanels } from './components/panel-tabs'

const PERIODS = Object.keys(RANKING_PERIOD_DAYS) as RankingPeriod[]
const TABS = ['top', 'index', 'youtube', 'tiers', 'categories'] as const
type TabKey = (typeof TABS)[number]

/** Period, platform, end date and tab live in the address, so a link (or a language switch) keeps them. */
function useDataCenterParams() {
  const [params, set] = useQueryPatch({ replace: true })
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
  return { period, platform, date, tab, set }
}

/**
 * /app/data_report — the Data Center (SPEC §2): top-10 lists, fan and view
 * index with the score ranking, growth against YouTube, fan tiers and the
 * category panel, for a period of 1 week, 1 month or 3 months.
 */
function DataCenter() {
  const { t } = useTranslation()
  const { period, platform, date, tab, set } = useDataCenterParams()

  const { panel, tabs, refresh } = useDataCenterPanels({ period, platform, date, tab })
  const range = panel.data?.range

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
          items={tabs([...TABS], (key) => (
            <span data-testid={`tab-${key}`}>{t(`data_center.tabs.${key}`)}</span>
          ))}
        />
      </Card>
    </Space>
  )
}

export default DataCenter
