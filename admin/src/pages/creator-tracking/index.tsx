import { useMemo } from 'react'
import {
  Button,
  Card,
  Input,
  Segmented,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import { WarningOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import {
  TRACKING_MODES,
  TRACKING_PAGE_SIZE,
  TRACKING_PERIODS,
  TRACKING_SORTS,
  TRACKING_TABS,
  type TrackingMode,
  type TrackingPeriod,
  type TrackingSort,
  type TrackingTab,
} from '@shared/tracking'
import { useApiQuery } from '../../lib/use-api-query'
import { useQueryPatch } from '../../lib/use-query-patch'
import { useDashboardFormat } from '../../lib/format'
import { figureColumn, nowrapCells } from '../../lib/table'
import { PageFrame } from '../../components/page-frame'
import { PlatformLogos } from '../../components/platform-badge'
import { FavoriteStar } from '../../resources/creators/components/favorite-star'
import { TrackingDrawer } from './tracking-drawer'
import type { TrackingList, TrackingRow } from './types'

const pick = <T extends string>(value: string | null, choices: readonly T[], fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback

/** A gain: green when up, red when down. */
function Gain({ value, text }: { value: number | null; text: string }) {
  const type = value === null || value === 0 ? 'secondary' : value > 0 ? 'success' : 'danger'
  return <Typography.Text type={type}>{text}</Typography.Text>
}

/**
 * /app/creator_tracking (SPEC §2 Creator Tracking): the user's favourites or
 * every creator, sorted by growth, fans, views or the weekly and monthly
 * ranks, the gain read as a count or a rate; a creator's detail opens in a
 * drawer. Every choice lives in the address.
 */
function CreatorTracking() {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const [params, patch] = useQueryPatch()
  const tab = pick<TrackingTab>(params.get('tab'), TRACKING_TABS, 'all')
  const sort = pick<TrackingSort>(params.get('sort'), TRACKING_SORTS, 'growth')
  const mode = pick<TrackingMode>(params.get('mode'), TRACKING_MODES, 'count')
  const periods = Object.keys(TRACKING_PERIODS) as TrackingPeriod[]
  const period = pick<TrackingPeriod>(params.get('period'), periods, 'week')
  const q = params.get('q') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const pageSize = Math.min(100, Math.max(10, Number(params.get('size')) || TRACKING_PAGE_SIZE))
  const opened = Number(params.get('creator')) || null

  const query = useMemo(
    () => ({
      tab,
      sort,
      mode,
      period,
      q,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    }),
    [tab, sort, mode, period, q, page, pageSize]
  )
  const list = useApiQuery<TrackingList>('/api/creator/v2', query)
  const data = list.data
  const increase = (value: number | null) =>
    mode === 'rate' ? format.percent(value) : format.signedCompact(value)

  const columns = [
    {
      key: 'favorite',
      width: 44,
      render: (_: unknown, row: TrackingRow) => (
        <FavoriteStar
          creatorId={row.creator_id}
          favorite={row.favorite}
          onChange={() => tab === 'fav' && list.refetch()}
        />
      ),
    },
    {
      key: 'creator',
      title: t('tracking.columns.creator'),
      render: (_: unknown, row: TrackingRow) => (
        <Space direction="vertical" size={0}>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', fontWeight: 500 }}
            onClick={() => patch({ creator: String(row.creator_id) })}
            data-testid={`tracking-open-${row.creator_id}`}
          >
            {row.channel_name}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.brand_no} · {t(`enum.kind.${row.kind}`)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'platforms',
      title: t('tracking.columns.platforms'),
      render: (_: unknown, row: TrackingRow) => <PlatformLogos platforms={row.platforms} />,
    },
    figureColumn<TrackingRow>('fans', t('tracking.columns.fans'), (row) => format.short(row.fans)),
    figureColumn<TrackingRow>('increase_fans', t(`tracking.columns.fans_${mode}`), (row) => (
      <Gain value={row.increase_fans} text={increase(row.increase_fans)} />
    )),
    figureColumn<TrackingRow>('views', t('tracking.columns.views'), (row) =>
      format.short(row.views)
    ),
    figureColumn<TrackingRow>('increase_views', t(`tracking.columns.views_${mode}`), (row) => (
      <Gain value={row.increase_views} text={increase(row.increase_views)} />
    )),
    figureColumn<TrackingRow>('week_rank', t('tracking.columns.week_rank'), (row) =>
      format.format(row.week_rank)
    ),
    figureColumn<TrackingRow>('month_rank', t('tracking.columns.month_rank'), (row) =>
      format.format(row.month_rank)
    ),
    {
      key: 'pending',
      title: t('tracking.columns.pending'),
      ...nowrapCells,
      render: (_: unknown, row: TrackingRow) =>
        row.pending ? (
          <Tooltip title={t('tracking.pending.help')}>
            <Tag
              color="warning"
              icon={<WarningOutlined />}
              data-testid={`tracking-pending-${row.creator_id}`}
            >
              {t('tracking.pending.count', { count: row.pending })}
            </Tag>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
        ),
    },
  ]

  return (
    <PageFrame
      testId="creator-tracking"
      title={t('menu.creator_tracking')}
      extra={
        data && (
          <Typography.Text type="secondary" data-testid="tracking-range">
            {t('tracking.range', { start: data.range.start, end: data.range.end })}
          </Typography.Text>
        )
      }
    >
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => patch({ tab: key === 'all' ? null : key, page: null })}
          items={TRACKING_TABS.map((key) => ({
            key,
            label: <span data-testid={`tracking-tab-${key}`}>{t(`tracking.tabs.${key}`)}</span>,
          }))}
        />
        <Space wrap size={[12, 8]} style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            defaultValue={q}
            placeholder={t('tracking.search')}
            style={{ width: 260 }}
            onSearch={(value) => patch({ q: value.trim() || null, page: null })}
            data-testid="tracking-search"
          />
          <Space size={6}>
            <Typography.Text type="secondary">{t('tracking.sort_by')}</Typography.Text>
            <Select
              value={sort}
              style={{ width: 170 }}
              onChange={(value) => patch({ sort: value === 'growth' ? null : value, page: null })}
              options={TRACKING_SORTS.map((key) => ({
                value: key,
                label: t(`tracking.sorts.${key}`),
              }))}
              data-testid="tracking-sort"
            />
          </Space>
          <Segmented
            value={period}
            onChange={(value) => patch({ period: value === 'week' ? null : value, page: null })}
            options={periods.map((key) => ({ value: key, label: t(`tracking.periods.${key}`) }))}
            data-testid="tracking-period"
          />
          <Segmented
            value={mode}
            onChange={(value) => patch({ mode: value === 'count' ? null : value })}
            options={TRACKING_MODES.map((key) => ({
              value: key,
              label: <span data-testid={`tracking-mode-${key}`}>{t(`tracking.modes.${key}`)}</span>,
            }))}
            data-testid="tracking-mode"
          />
        </Space>
        <Table<TrackingRow>
          rowKey="creator_id"
          size="middle"
          data-testid="tracking-table"
          loading={list.fetching}
          dataSource={data?.items ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: list.error ?? t(tab === 'fav' ? 'tracking.empty_fav' : 'errors.no_results'),
          }}
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('common.total', { count: total }),
            onChange: (next, size) =>
              patch({
                page: next === 1 ? null : String(next),
                size: size === TRACKING_PAGE_SIZE ? null : String(size),
              }),
          }}
        />
      </Card>
      <TrackingDrawer creatorId={opened} onClose={() => patch({ creator: null })} />
    </PageFrame>
  )
}

export default CreatorTracking
