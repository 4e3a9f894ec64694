import { useEffect, useMemo, useRef, useState } from 'react'
import {
  Alert,
  Button,
  Card,
  Divider,
  Empty,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { DASHBOARD_SORTS, type DashboardSort } from '@shared/constants'
import type { RankingListItem, SortOrder } from '../../../lib/metrics'
import { useDashboard } from '../lib/context'
import { useDashboardFormat } from '../../../lib/format'
import { useRankingList } from '../hooks/use-ranking-list'
import { PlatformLogos } from '../../../components/platform-badge'
import { KIND_COLOR } from '../../../lib/colors'
import { CreatorCell, RankBadge } from './ranking-cells'
import { Diff } from './diff'
import { Choice } from '../../../components/choice'

/**
 * The creators of the range ranked by views gained, fans or ad price, 20 at
 * a time: scrolling to the bottom loads the next 20 ('Loading more…') until
 * the end marker. A new sort or new filters start again from the top.
 */
export function RankingListCard() {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  const { filters, version, fixedPlatform } = useDashboard()
  const [sort, setSort] = useState<DashboardSort>('views')
  const [order, setOrder] = useState<SortOrder>('desc')
  const list = useRankingList({ ...filters, sort, order }, version)
  const sentinel = useRef<HTMLDivElement>(null)

  const { loadMore, hasMore, loading, error } = list
  const count = list.items.length
  // A new observer after every page: its first report says whether the bottom is still in sight.
  useEffect(() => {
    const element = sentinel.current
    if (!element || !hasMore || loading || error) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore()
      },
      { rootMargin: '0px 0px 200px 0px' }
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [count, hasMore, loading, error, loadMore])

  const columns = useMemo(() => {
    const highlight = (key: DashboardSort) => ({
      style: sort === key ? { background: '#f8f9ff' } : undefined,
    })
    return [
      {
        key: 'rank',
        title: t('dashboard.fields.rank'),
        width: 64,
        align: 'center' as const,
        render: (_: unknown, item: RankingListItem) => <RankBadge rank={item.rank} />,
      },
      {
        key: 'channel',
        title: t('dashboard.fields.channel'),
        render: (_: unknown, item: RankingListItem) => <CreatorCell item={item} />,
      },
      {
        dataIndex: 'kind',
        title: t('dashboard.fields.kind'),
        render: (kind: string) => (
          <Tooltip title={t(`enum.kind.${kind}`)}>
            <Tag color={KIND_COLOR[kind]}>{kind}</Tag>
          </Tooltip>
        ),
      },
      {
        dataIndex: 'platforms',
        title: t('dashboard.fields.platforms'),
        render: (platforms: RankingListItem['platforms']) => (
          <PlatformLogos
            platforms={platforms}
            style={{ maxWidth: 160 }}
            data-testid="ranking-platforms"
            data-platforms={platforms.join(',')}
          />
        ),
      },
      {
        dataIndex: 'fans',
        title: t('dashboard.fields.fans'),
        align: 'right' as const,
        onCell: () => highlight('fans'),
        render: (value: number) => (
          <Tooltip title={f.format(value)}>
            <Typography.Text
              strong={sort === 'fans'}
              style={{ whiteSpace: 'nowrap' }}
              data-testid="ranking-fans"
              data-value={value}
            >
              {f.short(value)}
            </Typography.Text>
          </Tooltip>
        ),
      },
      {
        dataIndex: 'fans_diff',
        title: t('dashboard.fields.fans_gained'),
        align: 'right' as const,
        render: (value: number) => <Diff value={value} compact />,
      },
      {
        dataIndex: 'views_diff',
        title: t('dashboard.fields.views_gained'),
        align: 'right' as const,
        onCell: () => highlight('views'),
        render: (value: number) => (
          <span data-testid="ranking-views" data-value={value}>
            <Diff value={value} compact strong={sort === 'views'} />
          </span>
        ),
      },
      {
        dataIndex: 'growth',
        title: t('dashboard.fields.growth'),
        align: 'right' as const,
        render: (value: number | null) => <Diff value={value} kind="percent" />,
      },
      {
        dataIndex: 'ad_price_krw',
        title: (
          <Tooltip title={t('dashboard.ranking.ad_price_help')}>
            <span>{t('dashboard.fields.ad_price')}</span>
          </Tooltip>
        ),
        align: 'right' as const,
        onCell: () => highlight('ad_price'),
        render: (value: number | null) => (
          <Typography.Text
            type={value === null ? 'secondary' : undefined}
            strong={sort === 'ad_price' && value !== null}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="ranking-ad-price"
            data-value={value ?? ''}
          >
            {value === null ? '—' : f.krw(value)}
          </Typography.Text>
        ),
      },
    ]
  }, [t, f, sort])

  const range = list.range
  return (
    <Card
      title={
        <Space size={8} wrap>
          <span>{t('dashboard.ranking.title')}</span>
          {range && (
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
              {t('dashboard.range', { start: range.start, end: range.end, days: range.days })}
              {fixedPlatform
                ? ` · ${t(`enum.platform.${fixedPlatform}`)}`
                : filters.platform
                  ? ` · ${t(`enum.platform.${filters.platform}`)}`
                  : ''}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <Space size={8} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('dashboard.ranking.sort_by')}
          </Typography.Text>
          <Choice<DashboardSort>
            value={sort}
            onChange={setSort}
            values={DASHBOARD_SORTS}
            label={(key) => t(`dashboard.ranking.sorts.${key}`)}
            testId="ranking-sort"
          />
          <Tooltip
            title={t(
              order === 'desc' ? 'dashboard.ranking.order_desc' : 'dashboard.ranking.order_asc'
            )}
          >
            <Button
              size="small"
              icon={order === 'desc' ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
              onClick={() => setOrder(order === 'desc' ? 'asc' : 'desc')}
              aria-label={t(
                order === 'desc' ? 'dashboard.ranking.order_desc' : 'dashboard.ranking.order_asc'
              )}
              data-testid="ranking-order"
              data-order={order}
            />
          </Tooltip>
          {list.total > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="ranking-total">
              {t('dashboard.ranking.shown', {
                shown: f.format(list.items.length),
                total: f.format(list.total),
              })}
            </Typography.Text>
          )}
        </Space>
      }
      data-testid="ranking-list"
    >
      <Table<RankingListItem>
        size="middle"
        rowKey="creator_id"
        pagination={false}
        dataSource={list.items}
        columns={columns}
        scroll={{ x: 'max-content' }}
        loading={list.loading && list.items.length === 0}
        locale={{
          emptyText: list.loading ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty.title')} />
          ),
        }}
        data-testid="ranking-table"
      />
      <div ref={sentinel} style={{ height: 1 }} data-testid="ranking-sentinel" />
      {list.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={list.error}
          action={
            <Button size="small" onClick={list.retry}>
              {t('dashboard.buttons.retry')}
            </Button>
          }
        />
      )}
      {list.loading && list.items.length > 0 && (
        <div style={{ textAlign: 'center', padding: 12 }} data-testid="ranking-loading-more">
          <Spin size="small" />{' '}
          <Typography.Text type="secondary">{t('dashboard.ranking.loading_more')}</Typography.Text>
        </div>
      )}
      {!list.loading && !list.hasMore && list.items.length > 0 && (
        <Divider plain style={{ marginBottom: 0 }} data-testid="ranking-end">
          <Typography.Text type="secondary">{t('dashboard.ranking.end')}</Typography.Text>
        </Divider>
      )}
    </Card>
  )
}
