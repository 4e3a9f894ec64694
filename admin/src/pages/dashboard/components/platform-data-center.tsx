import { useState } from 'react'
import { Card, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { RANKING_PERIOD_DAYS, type PlatformKey, type RankingPeriod } from '@shared/constants'
import { useDashboard } from '../lib/context'
import { useDataCenterPanels, type PanelTab } from '../../data-center/components/panel-tabs'
import { Choice } from '../../../components/choice'

const PERIODS = Object.keys(RANKING_PERIOD_DAYS) as RankingPeriod[]

/**
 * The Data Center's panels for one platform (a platform dashboard): its
 * top-10 lists, fan and view index with the score ranking, fan tiers and
 * categories, for 1 week, 1 month or 3 months ending at the range's end.
 * The page mounts it anew after a collection (key = the dashboard's version).
 */
export function PlatformDataCenter({ platform }: { platform: PlatformKey }) {
  const { t } = useTranslation()
  const { filters } = useDashboard()
  const [period, setPeriod] = useState<RankingPeriod>('1w')
  const [tab, setTab] = useState<PanelTab>('top')
  const { panel, tabs } = useDataCenterPanels({ period, platform, date: filters.end, tab })

  return (
    <Card
      title={t('dashboard.data_center.title')}
      extra={
        <Choice<RankingPeriod>
          value={period}
          onChange={setPeriod}
          values={PERIODS}
          label={(key) => t(`data_center.period.${key}`)}
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
        onChange={(key) => setTab(key as PanelTab)}
        destroyOnHidden
        items={tabs(['top', 'index', 'tiers', 'categories'])}
      />
    </Card>
  )
}
