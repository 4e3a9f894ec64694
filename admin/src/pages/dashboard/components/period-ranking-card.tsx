import { useMemo, useState } from 'react'
import { Card, Empty, List, Space, Tooltip, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PeriodRanking, PeriodRankingItem, RankingPeriodKind } from '../../../lib/metrics'
import { useDashboard } from '../lib/context'
import { useDashboardFormat } from '../../../lib/format'
import { useApiQuery } from '../../../lib/use-api-query'
import { CreatorCell, RankBadge } from './ranking-cells'
import { Diff } from './diff'
import { Choice } from '../../../components/choice'

type PeriodSort = 'fans' | 'views'

/**
 * The top 10 of the week (7 days) or the month (30 days) ending at the
 * range's last day, by fans or views gained (GET /api/dashboard/ranking/month).
 */
export function PeriodRankingCard() {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  const { filters, version } = useDashboard()
  const [period, setPeriod] = useState<RankingPeriodKind>('week')
  const [sort, setSort] = useState<PeriodSort>('fans')
  const {
    data,
    loading: isLoading,
    fetching: isFetching,
  } = useApiQuery<PeriodRanking>(
    '/api/dashboard/ranking/month',
    { period, sort, date: filters.end, platform: filters.platform, limit: 10 },
    { version }
  )
  const items = useMemo(() => data?.items ?? [], [data])
  const gained = (item: PeriodRankingItem) => (sort === 'fans' ? item.fans_diff : item.views_diff)

  const controls = (
    <Space size={8} wrap>
      <Choice<RankingPeriodKind>
        value={period}
        onChange={setPeriod}
        values={['week', 'month']}
        label={(key) => t(`dashboard.period.${key}`)}
        testId="period-switch"
      />
      <Choice<PeriodSort>
        value={sort}
        onChange={setSort}
        values={['fans', 'views']}
        label={(key) => t(`dashboard.metrics.${key}`)}
        testId="period-sort"
      />
    </Space>
  )

  return (
    <Card
      title={t('dashboard.period.title')}
      loading={isLoading}
      style={{ height: '100%' }}
      data-testid="period-ranking"
    >
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        {controls}
        {data?.range && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('dashboard.range', {
              start: data.range.start,
              end: data.range.end,
              days: data.range.days,
            })}
          </Typography.Text>
        )}
      </div>
      <List<PeriodRankingItem>
        size="small"
        dataSource={items}
        style={{ opacity: isFetching ? 0.6 : 1 }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty.title')} />
          ),
        }}
        data-testid="period-ranking-list"
        renderItem={(item) => (
          <List.Item style={{ paddingInline: 0 }}>
            <div
              style={{ display: 'flex', alignItems: 'center', gap: 10, width: '100%', minWidth: 0 }}
            >
              <span style={{ flex: 'none', width: 24, textAlign: 'center' }}>
                <RankBadge rank={item.rank} />
              </span>
              <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
                <CreatorCell item={item} />
              </div>
              <Tooltip
                title={
                  sort === 'fans'
                    ? t('dashboard.period.fans_now', { value: f.format(item.fans) })
                    : t('dashboard.period.views_now', { value: f.format(item.views) })
                }
              >
                <Space direction="vertical" size={0} style={{ flex: 'none', textAlign: 'right' }}>
                  <Diff value={gained(item)} compact strong />
                  <Diff value={item.growth} kind="percent" />
                </Space>
              </Tooltip>
            </div>
          </List.Item>
        )}
      />
    </Card>
  )
}
