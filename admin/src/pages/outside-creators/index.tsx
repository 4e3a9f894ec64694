import { useMemo, useState } from 'react'
import { useCan, useOne } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import { Button, Card, Drawer, Input, Select, Space, Tag, Tooltip, Typography } from 'antd'
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { OUTSIDE_PURPOSES, OUTSIDE_STATES } from '@shared/outside'
import { ListTable } from '../../components/list-table'
import { PlatformLogo } from '../../components/platform-badge'
import { useQueryPatch } from '../../lib/use-query-patch'
import { useModalForms } from '../../lib/use-modal-forms'
import { useDateTimeFormat, useMetricFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { TaskFormModal } from './task-form'
import { BulkAddModal } from './bulk-add'
import { TaskDetail } from './detail'
import type { OutsideCreatorRow, OutsideRights, TaskValues } from './types'

const FILTERS = ['q', 'platform', 'state', 'purpose'] as const
const SORTS = ['fans_growth_7d', 'fans', 'next_run_at', 'last_status', 'last_run_at'] as const
const STATUS_COLORS: Record<string, string> = {
  succeeded: 'green',
  failed: 'red',
  deferred: 'orange',
  running: 'blue',
}

function useRights(): OutsideRights {
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

/** The drawer's task, read again after each change (GET /api/outside_creators/:id counts an open). */
function OpenTask({
  id,
  can,
  onEdit,
  onDeleted,
}: {
  id: number
  can: OutsideRights
  onEdit: (row: OutsideCreatorRow) => void
  onDeleted: () => void
}) {
  const { query } = useOne<OutsideCreatorRow>({ resource: 'outside_creators', id })
  const task = query.data?.data
  if (!task) return null
  return <TaskDetail task={task} can={can} onEdit={() => onEdit(task)} onDeleted={onDeleted} />
}

/**
 * /app/outside_creator: the creators the agency does not manage and their
 * crawl tasks — searched by name or uid, filtered by platform, state and
 * purpose, sorted by 7-day growth, fans, next run or last status; added one
 * by one (a pasted link read into platform + uid, the schedule) or in bulk;
 * a task opens in a drawer with its figures over time, its run history and
 * crawl now, start / stop, edit and delete.
 */
function OutsideCreatorList() {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const dateTime = useDateTimeFormat()
  const [params, patch] = useQueryPatch()
  const can = useRights()
  const [bulkOpen, setBulkOpen] = useState(false)
  const sort = params.get('sort') ?? 'fans_growth_7d'
  const order = params.get('order') === 'asc' ? 'asc' : 'desc'
  const openId = Number(params.get('id')) || 0
  const values = useMemo(
    () => Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? undefined])),
    [params]
  )
  const permanent = useMemo(
    () =>
      Object.entries(values)
        .filter(([, value]) => value)
        .map(([field, value]) => ({ field, operator: 'eq' as const, value })),
    [values]
  )
  const { tableProps } = useTable<OutsideCreatorRow>({
    resource: 'outside_creators',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent },
    sorters: { permanent: [{ field: sort, order }] },
    queryOptions: { refetchInterval: 15_000 },
  })
  const { create, edit } = useModalForms<OutsideCreatorRow, TaskValues>(
    'outside_creators',
    t('outside.done.save')
  )
  const openEdit = (row: OutsideCreatorRow) => {
    edit.showRecord(row)
    edit.form.setFieldsValue({
      name: row.name,
      purpose: row.purpose,
      note: row.note,
      interval_days: row.interval_days,
      interval_hours: row.interval_hours,
      custom_times: row.custom_times,
      replay_strategy: row.replay_strategy,
      replay_by_hour: row.replay_by_hour,
      auto_video_crawl: row.auto_video_crawl,
    })
  }

  return (
    <Card
      title={t('menu.outside_creator')}
      extra={
        can.create && (
          <Space>
            <Button
              icon={<UnorderedListOutlined />}
              onClick={() => setBulkOpen(true)}
              data-testid="outside-bulk"
            >
              {t('outside.bulk.open')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                create.show()
                create.form.resetFields()
              }}
              data-testid="outside-add"
            >
              {t('outside.add')}
            </Button>
          </Space>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={values.q}
          key={values.q ?? ''}
          placeholder={t('outside.search')}
          style={{ width: 240 }}
          onSearch={(text) => patch({ q: text.trim() || undefined })}
          data-testid="outside-search"
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('outside.fields.platform')}
          value={values.platform}
          onChange={(value) => patch({ platform: value })}
          options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
          data-testid="outside-filter-platform"
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('outside.fields.state')}
          value={values.state}
          onChange={(value) => patch({ state: value })}
          options={OUTSIDE_STATES.map((key) => ({ value: key, label: t(`outside.states.${key}`) }))}
          data-testid="outside-filter-state"
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('outside.fields.purpose')}
          value={values.purpose}
          onChange={(value) => patch({ purpose: value })}
          options={OUTSIDE_PURPOSES.map((key) => ({
            value: key,
            label: t(`outside.purposes.${key}`),
          }))}
        />
        <Select
          style={{ width: 170 }}
          value={sort}
          onChange={(value) => patch({ sort: value === 'fans_growth_7d' ? undefined : value })}
          options={SORTS.map((key) => ({ value: key, label: t(`outside.sorts.${key}`) }))}
          aria-label={t('outside.sort')}
          data-testid="outside-sort"
        />
        <Select
          style={{ width: 110 }}
          value={order}
          onChange={(value) => patch({ order: value === 'desc' ? undefined : value })}
          options={[
            { value: 'desc', label: t('outside.order.desc') },
            { value: 'asc', label: t('outside.order.asc') },
          ]}
          aria-label={t('outside.sort')}
        />
      </Space>
      <ListTable<OutsideCreatorRow>
        {...tableProps}
        testId="outside-table"
        empty={t('outside.empty')}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({
          'onClick': () => patch({ id: String(row.id) }),
          'style': { cursor: 'pointer' },
          'data-testid': `outside-row-${row.id}`,
        })}
      >
        <ListTable.Column<OutsideCreatorRow>
          title={t('outside.fields.name')}
          render={(_, row) => (
            <Space size={8}>
              <PlatformLogo platform={row.platform} size={18} />
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.name || row.uid}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`enum.platform.${row.platform}`)} · {row.uid}
                </Typography.Text>
              </Space>
            </Space>
          )}
        />
        <ListTable.Column<OutsideCreatorRow>
          dataIndex="purpose"
          title={t('outside.fields.purpose')}
          onCell={nowrap}
          render={(value: string) => <Tag>{t(`outside.purposes.${value}`)}</Tag>}
        />
        <ListTable.Column<OutsideCreatorRow>
          dataIndex="fans"
          title={t('outside.metrics.fans')}
          align="right"
          onCell={nowrap}
          render={(value: number) => format.number(value)}
        />
        <ListTable.Column<OutsideCreatorRow>
          dataIndex="fans_growth_7d"
          title={t('outside.fields.fans_growth_7d')}
          align="right"
          onCell={nowrap}
          render={(value: number) => format.signed(value)}
        />
        <ListTable.Column<OutsideCreatorRow>
          dataIndex="state"
          title={t('outside.fields.state')}
          onCell={nowrap}
          render={(value: string, row) => (
            <Tag
              color={value === 'running' ? 'green' : 'default'}
              data-testid={`outside-state-${row.id}`}
            >
              {row.crawling ? t('outside.crawling') : t(`outside.states.${value}`)}
            </Tag>
          )}
        />
        <ListTable.Column<OutsideCreatorRow>
          dataIndex="next_run_at"
          title={t('outside.fields.next_run_at')}
          onCell={nowrap}
          render={(value: string | null) => dateTime(value)}
        />
        <ListTable.Column<OutsideCreatorRow>
          dataIndex="last_status"
          title={t('outside.fields.last_status')}
          onCell={nowrap}
          render={(value: string | null, row) =>
            value ? (
              <Tooltip title={row.last_error ?? dateTime(row.last_run_at)}>
                <Tag color={STATUS_COLORS[value]}>{t(`outside.statuses.${value}`)}</Tag>
              </Tooltip>
            ) : (
              '—'
            )
          }
        />
      </ListTable>
      <TaskFormModal modal={create} />
      <TaskFormModal modal={edit} />
      <BulkAddModal open={bulkOpen} onClose={() => setBulkOpen(false)} />
      <Drawer
        open={openId > 0}
        width={960}
        destroyOnClose
        title={t('outside.detail')}
        onClose={() => patch({ id: undefined })}
      >
        {openId > 0 && (
          <OpenTask
            id={openId}
            can={can}
            onEdit={openEdit}
            onDeleted={() => patch({ id: undefined })}
          />
        )}
      </Drawer>
    </Card>
  )
}

export default OutsideCreatorList
