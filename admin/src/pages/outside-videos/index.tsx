import { useMemo } from 'react'
import { useCan } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import { Button, Card, DatePicker, Drawer, Input, Select, Space, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { OUTSIDE_STATES, OUTSIDE_VIDEO_ORIGINS } from '@shared/outside'
import { OUTSIDE_DEFAULT_WINDOW, OUTSIDE_VIDEO_SORTS } from '@shared/outside_videos'
import { GROWTH_WINDOWS } from '@shared/videos'
import { ListTable } from '../../components/list-table'
import { PlatformLogo } from '../../components/platform-badge'
import { useQueryPatch } from '../../lib/use-query-patch'
import { useModalForms } from '../../lib/use-modal-forms'
import { useDashboardFormat, useDateTimeFormat } from '../../lib/format'
import { DAY } from '../../lib/dates'
import { nowrap } from '../../lib/table'
import { AddVideoModal, type AddVideoValues } from './add-video'
import { VideoActions, type OutsideVideoRights } from './actions'
import { OutsideVideoDetail } from './video-detail'
import type { OutsideVideoRow } from './types'

const FILTERS = ['q', 'platform', 'origin', 'state', 'published_from', 'published_to'] as const

/**
 * What the user may do here: the outside videos answer to the outside
 * creators' policy (OutsidePolicy), so the rights are asked of that resource.
 */
function useRights(): OutsideVideoRights {
  const ask = (action: string) => ({ resource: 'outside_creators', action })
  const { data: create } = useCan(ask('create'))
  const { data: edit } = useCan(ask('edit'))
  const { data: crawl } = useCan(ask('crawl'))
  const { data: remove } = useCan(ask('delete'))
  return {
    create: Boolean(create?.can),
    edit: Boolean(edit?.can),
    crawl: Boolean(crawl?.can),
    delete: Boolean(remove?.can),
  }
}

/**
 * /app/outside_video: the videos the agency does not manage — an outside
 * creator's uploads (auto new-video crawl) and single videos tracked by
 * link — searched (the managed videos' word search), filtered, sorted by
 * views, by views at a growth window or by upload; a video opens in a
 * drawer with its counters over time, growth windows and the comparison
 * with the agency's own videos of the same age.
 */
function OutsideVideoList() {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const dateTime = useDateTimeFormat()
  const [params, patch] = useQueryPatch()
  const can = useRights()
  const sort = params.get('sort') ?? 'published_at'
  const order = params.get('order') === 'asc' ? 'asc' : 'desc'
  const windowHours = Number(params.get('window')) || OUTSIDE_DEFAULT_WINDOW
  const openId = Number(params.get('id')) || 0
  const values = useMemo(
    () => Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? undefined])),
    [params]
  )
  const permanent = useMemo(
    () => [
      ...Object.entries(values)
        .filter(([, value]) => value)
        .map(([field, value]) => ({ field, operator: 'eq' as const, value })),
      { field: 'window', operator: 'eq' as const, value: windowHours },
    ],
    [values, windowHours]
  )
  const { tableProps } = useTable<OutsideVideoRow>({
    resource: 'outside_videos',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent },
    sorters: { permanent: [{ field: sort, order }] },
  })
  const { create } = useModalForms<OutsideVideoRow, AddVideoValues>(
    'outside_videos',
    t('outside_videos.add.done')
  )
  const windowLabel = t('outside_videos.window', { hours: windowHours })
  const range =
    values.published_from && values.published_to
      ? ([dayjs(values.published_from), dayjs(values.published_to)] as const)
      : null

  return (
    <Card
      title={t('menu.outside_video')}
      extra={
        can.create && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              create.show()
              create.form.resetFields()
            }}
            data-testid="outside-video-add"
          >
            {t('outside_videos.add.open')}
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={values.q}
          key={values.q ?? ''}
          placeholder={t('outside_videos.search')}
          style={{ width: 240 }}
          onSearch={(text) => patch({ q: text.trim() || undefined })}
          data-testid="outside-video-search"
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('outside_videos.fields.platform')}
          value={values.platform}
          onChange={(value) => patch({ platform: value })}
          options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
          data-testid="outside-video-platform"
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('outside_videos.fields.origin')}
          value={values.origin}
          onChange={(value) => patch({ origin: value })}
          options={OUTSIDE_VIDEO_ORIGINS.map((key) => ({
            value: key,
            label: t(`outside_videos.origins.${key}`),
          }))}
          data-testid="outside-video-origin"
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('outside_videos.fields.state')}
          value={values.state}
          onChange={(value) => patch({ state: value })}
          options={OUTSIDE_STATES.map((key) => ({
            value: key,
            label: t(`outside_videos.states.${key}`),
          }))}
          data-testid="outside-video-state"
        />
        <DatePicker.RangePicker
          value={range as never}
          allowClear
          placeholder={[t('outside_videos.published_from'), t('outside_videos.published_to')]}
          onChange={(picked) =>
            patch({
              published_from: picked?.[0]?.format(DAY),
              published_to: picked?.[1]?.format(DAY),
            })
          }
          data-testid="outside-video-published"
        />
        <Select
          style={{ width: 170 }}
          value={sort}
          onChange={(value) => patch({ sort: value })}
          options={OUTSIDE_VIDEO_SORTS.map((key) => ({
            value: key,
            label: t(`outside_videos.sorts.${key}`),
          }))}
          aria-label={t('outside_videos.sort')}
          data-testid="outside-video-sort"
        />
        <Select
          style={{ width: 100 }}
          value={order}
          onChange={(value) => patch({ order: value === 'desc' ? undefined : value })}
          options={[
            { value: 'desc', label: t('outside_videos.order.desc') },
            { value: 'asc', label: t('outside_videos.order.asc') },
          ]}
          aria-label={t('outside_videos.sort')}
        />
        <Select
          style={{ width: 110 }}
          value={windowHours}
          onChange={(value) =>
            patch({ window: value === OUTSIDE_DEFAULT_WINDOW ? undefined : String(value) })
          }
          options={GROWTH_WINDOWS.map((hours) => ({
            value: hours,
            label: t('outside_videos.window', { hours }),
          }))}
          aria-label={t('outside_videos.fields.window')}
          data-testid="outside-video-window"
        />
      </Space>
      <ListTable<OutsideVideoRow>
        {...tableProps}
        testId="outside-video-table"
        empty={t('outside_videos.empty')}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({
          'onClick': () => patch({ id: String(row.id) }),
          'style': { cursor: 'pointer' },
          'data-testid': `outside-video-row-${row.id}`,
        })}
      >
        <ListTable.Column<OutsideVideoRow>
          title={t('outside_videos.fields.title')}
          render={(_, row) => (
            <Space direction="vertical" size={0} style={{ maxWidth: 360 }}>
              <Typography.Text ellipsis={{ tooltip: row.title }} strong>
                {row.title || row.platform_video_id}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.channel_name ?? row.outside_creator?.name ?? '—'}
              </Typography.Text>
            </Space>
          )}
        />
        <ListTable.Column<OutsideVideoRow>
          dataIndex="platform"
          title={t('outside_videos.fields.platform')}
          onCell={nowrap}
          render={(value: OutsideVideoRow['platform']) => (
            <Space size={4}>
              <PlatformLogo platform={value} size={16} />
              {t(`enum.platform.${value}`)}
            </Space>
          )}
        />
        <ListTable.Column<OutsideVideoRow>
          dataIndex="origin"
          title={t('outside_videos.fields.origin')}
          onCell={nowrap}
          render={(value: OutsideVideoRow['origin']) => (
            <Tag>{t(`outside_videos.origins.${value}`)}</Tag>
          )}
        />
        <ListTable.Column<OutsideVideoRow>
          dataIndex="published_at"
          title={t('outside_videos.fields.published_at')}
          onCell={nowrap}
          render={(value: string | null) => dateTime(value)}
        />
        <ListTable.Column<OutsideVideoRow>
          dataIndex="views"
          title={t('outside_videos.fields.views')}
          align="right"
          onCell={nowrap}
          render={(value: number) => format.format(value)}
        />
        <ListTable.Column<OutsideVideoRow>
          dataIndex="window_views"
          title={t('outside_videos.views_at', { window: windowLabel })}
          align="right"
          onCell={nowrap}
          render={(value: number | null | undefined) =>
            value === null || value === undefined ? '—' : format.format(value)
          }
        />
        <ListTable.Column<OutsideVideoRow>
          dataIndex="state"
          title={t('outside_videos.fields.state')}
          onCell={nowrap}
          render={(value: OutsideVideoRow['state'], row) => (
            <Tag color={value === 'running' ? 'green' : 'default'}>
              {row.crawling ? t('outside_videos.crawling') : t(`outside_videos.states.${value}`)}
            </Tag>
          )}
        />
        <ListTable.Column<OutsideVideoRow>
          title={t('outside_videos.actions')}
          onCell={nowrap}
          render={(_, row) => <VideoActions video={row} compact can={can} />}
        />
      </ListTable>
      <AddVideoModal modal={create} />
      <Drawer
        open={openId > 0}
        width={960}
        destroyOnClose
        title={t('outside_videos.detail')}
        onClose={() => patch({ id: undefined })}
      >
        {openId > 0 && (
          <OutsideVideoDetail id={openId} can={can} onDeleted={() => patch({ id: undefined })} />
        )}
      </Drawer>
    </Card>
  )
}

export default OutsideVideoList
