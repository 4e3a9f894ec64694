import { useEffect, useMemo } from 'react'
import { getDefaultSortOrder, useTable } from '@refinedev/antd'
import { Space, Table, Typography } from 'antd'
import { FileExcelOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { VIDEO_SEARCH_COUNT_CAP, VIDEO_SORTS } from '@shared/videos'
import { DownloadButton } from '../../components/download-button'
import { ListTable } from '../../components/list-table'
import { Toolbar } from '../../components/toolbar'
import { cleanParams } from '../../lib/use-api-query'
import { useDashboardFormat, useDateTimeFormat, useNumberFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { CompareToggle, VideoThumb, VideoTitle } from './video-bits'
import type { VideoFilters, VideoRow } from './types'

const SORTABLE = new Set<string>(VIDEO_SORTS)

/**
 * The video list (GET /api/videos through Refine's useTable): pages of 20,
 * sortable counters, the filters it is handed (the dashboard's, or a fixed
 * `creator_id` on a creator's page) and an Excel download of the same
 * filters and sort. Reusable wherever videos are listed.
 */
export function VideoTable({
  filters,
  title,
  testId = 'video-table',
  pageSize = 20,
}: {
  filters: VideoFilters
  title?: React.ReactNode
  testId?: string
  pageSize?: number
}) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const dateTime = useDateTimeFormat()
  const permanent = useMemo(
    () =>
      Object.entries(cleanParams(filters as Record<string, string | number | boolean>)).map(
        ([field, value]) => ({ field, operator: 'eq' as const, value })
      ),
    [filters]
  )
  const { tableProps, sorters, setCurrentPage, tableQuery } = useTable<VideoRow>({
    resource: 'videos',
    pagination: { pageSize },
    sorters: { initial: [{ field: 'published_at', order: 'desc' }] },
    filters: { permanent },
    syncWithLocation: false,
  })
  // new filters start again at the first page
  useEffect(() => setCurrentPage(1), [permanent, setCurrentPage])
  const total = tableQuery.data?.total ?? 0
  const number = useNumberFormat()
  // a word search counts up to its cap; one past it means "more than"
  const totalText = (count: number) =>
    count > VIDEO_SEARCH_COUNT_CAP
      ? t('videos.list.total_more', { count: number.format(VIDEO_SEARCH_COUNT_CAP) })
      : t('videos.list.total', { count: number.format(count) })

  const counter = (field: (typeof VIDEO_SORTS)[number], label: string) => (
    <Table.Column<VideoRow>
      key={field}
      dataIndex={field}
      title={label}
      align="right"
      sorter={SORTABLE.has(field)}
      sortOrder={getDefaultSortOrder(field, sorters)}
      onHeaderCell={nowrap}
      onCell={nowrap}
      render={(value: number) => format.short(value)}
    />
  )

  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Toolbar>
        <Space size={8}>
          {title && (
            <Typography.Title level={5} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
          )}
          <Typography.Text type="secondary" data-testid={`${testId}-total`}>
            {totalText(total)}
          </Typography.Text>
        </Space>
        <DownloadButton
          url="/api/videos/export"
          fileName="videos.xlsx"
          icon={<FileExcelOutlined />}
          query={() => ({
            ...cleanParams(filters as Record<string, string | number | boolean>),
            ...(sorters[0] ? { _sort: sorters[0].field, _order: sorters[0].order } : {}),
          })}
          data-testid={`${testId}-export`}
        >
          {t('videos.list.export')}
        </DownloadButton>
      </Toolbar>
      <ListTable<VideoRow>
        {...tableProps}
        testId={testId}
        scroll={{ x: 'max-content' }}
        empty={t('videos.cards.empty')}
        pagination={{
          ...tableProps.pagination,
          showTotal: (count) =>
            count > VIDEO_SEARCH_COUNT_CAP
              ? totalText(count)
              : t('common.total', { count: number.format(count) }),
        }}
      >
        <Table.Column<VideoRow>
          key="title"
          title={t('videos.fields.title')}
          render={(_, video) => (
            <Space size={10} align="start" style={{ minWidth: 320, maxWidth: 460 }}>
              <VideoThumb video={video} width={80} />
              <VideoTitle video={video} />
            </Space>
          )}
        />
        <Table.Column<VideoRow>
          key="published_at"
          dataIndex="published_at"
          title={t('videos.fields.published_at')}
          sorter
          sortOrder={getDefaultSortOrder('published_at', sorters)}
          onHeaderCell={nowrap}
          onCell={nowrap}
          render={(value: string | null) => dateTime(value)}
        />
        {counter('views', t('videos.fields.views'))}
        {counter('views_week', t('videos.fields.views_week'))}
        {counter('views_month', t('videos.fields.views_month'))}
        {counter('likes', t('videos.fields.likes'))}
        {counter('comments', t('videos.fields.comments'))}
        {counter('favorites', t('videos.fields.favorites'))}
        {counter('shares', t('videos.fields.shares'))}
        <Table.Column<VideoRow>
          key="compare"
          render={(_, video) => <CompareToggle id={video.id} />}
        />
      </ListTable>
    </Space>
  )
}
