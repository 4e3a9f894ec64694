import { useMemo } from 'react'
import { useCan } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import { Card, Input, Select, Space, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { ListTable } from '../../components/list-table'
import { ScreenSkeleton } from '../../components/layout/screen-skeleton'
import NoPermission from '../../components/no-permission'
import { useDateTimeFormat, useNumberFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { useQueryPatch } from '../../lib/use-query-patch'
import { STATE_COLORS, type TaskRow } from './types'

/*
| /app/connect_task_data: which outside crawl tasks feed which managed
| creator — the task, the creator, the platform, the task's state, the rows
| its connect moved and its last run, with links to both.
*/

function TaskTable() {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  const { format } = useNumberFormat()
  const [params, patch] = useQueryPatch()
  const platform = params.get('platform') ?? undefined
  const q = params.get('q') ?? undefined
  const permanent = useMemo(
    () =>
      Object.entries({ platform, q })
        .filter(([, value]) => value)
        .map(([field, value]) => ({ field, operator: 'eq' as const, value })),
    [platform, q]
  )
  const { tableProps } = useTable<TaskRow>({
    resource: 'connect_data/tasks',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent },
  })
  return (
    <Card title={t('connect_data.tasks.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t('connect_data.fields.platform')}
          value={platform}
          onChange={(value) => patch({ platform: value })}
          options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('connect_data.tasks.search')}
          defaultValue={q}
          onSearch={(value) => patch({ q: value || undefined })}
        />
      </Space>
      <ListTable<TaskRow>
        {...tableProps}
        testId="connect-tasks"
        empty={t('connect_data.tasks.empty')}
        scroll={{ x: 'max-content' }}
      >
        <ListTable.Column<TaskRow>
          title={t('connect_data.tasks.task')}
          render={(_, row) => (
            <Space direction="vertical" size={0}>
              <Link to={`/app/outside_creator?id=${row.id}`}>{row.name || row.uid}</Link>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.uid}
              </Typography.Text>
            </Space>
          )}
        />
        <ListTable.Column<TaskRow>
          title={t('connect_data.tasks.creator')}
          render={(_, row) =>
            row.creator ? (
              <Link to={`/app/creator_info?id=${row.creator.id}`}>
                {row.creator.name} · {row.creator.brand_no}
              </Link>
            ) : (
              '—'
            )
          }
        />
        <ListTable.Column<TaskRow>
          dataIndex="platform"
          title={t('connect_data.fields.platform')}
          onHeaderCell={nowrap}
          onCell={nowrap}
          render={(value: string) => t(`enum.platform.${value}`, { defaultValue: value })}
        />
        <ListTable.Column<TaskRow>
          dataIndex="state"
          title={t('connect_data.tasks.task_state')}
          onHeaderCell={nowrap}
          render={(value: TaskRow['state']) => (
            <Tag color={value === 'running' ? 'blue' : 'default'}>
              {t(`connect_data.task_states.${value}`)}
            </Tag>
          )}
        />
        <ListTable.Column<TaskRow>
          title={t('connect_data.fields.state')}
          onHeaderCell={nowrap}
          render={(_, row) =>
            row.connect ? (
              <Tag color={STATE_COLORS[row.connect.state]}>
                {t(`connect_data.states.${row.connect.state}`)}
              </Tag>
            ) : (
              '—'
            )
          }
        />
        <ListTable.Column<TaskRow>
          title={t('connect_data.fields.rows')}
          onHeaderCell={nowrap}
          onCell={nowrap}
          render={(_, row) =>
            row.connect
              ? t('connect_data.rows', {
                  moved: format(row.connect.rows_moved),
                  kept: format(row.connect.rows_kept),
                })
              : '—'
          }
        />
        <ListTable.Column<TaskRow>
          dataIndex="last_run_at"
          title={t('connect_data.tasks.last_run')}
          onHeaderCell={nowrap}
          onCell={nowrap}
          render={(value: string | null) => dateTime(value)}
        />
      </ListTable>
    </Card>
  )
}

/** For who may view connect data. */
export default function ConnectTasksPage() {
  const { data, isPending } = useCan({ resource: 'connect_data', action: 'view' })
  if (isPending) return <ScreenSkeleton />
  return data?.can ? <TaskTable /> : <NoPermission />
}
