import { useMemo, useState } from 'react'
import { useTable } from '@refinedev/antd'
import { useCustomMutation, useDelete, useInvalidate } from '@refinedev/core'
import {
  Button,
  Descriptions,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import {
  DeleteOutlined,
  EditOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LineChart } from '../../components/charts'
import { ListTable } from '../../components/list-table'
import { LoadState } from '../../components/load-state'
import { useApiQuery } from '../../lib/use-api-query'
import { useSaveFeedback } from '../../lib/feedback'
import { useDateTimeFormat, useMetricFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import type { CrawlRunRow, OutsideCreatorRow, OutsideRights } from './types'

const STATUS_COLORS: Record<string, string> = {
  succeeded: 'green',
  failed: 'red',
  deferred: 'orange',
  running: 'blue',
}
const METRICS = ['fans', 'views', 'likes', 'comments', 'videos'] as const
type FigureMetric = (typeof METRICS)[number]

interface Figures {
  points: { date: string; metric: FigureMetric; value: number }[]
}

/** Crawl now, start / stop, edit and delete of one crawl task. */
function TaskActions({
  task,
  can,
  onEdit,
  onChanged,
  onDeleted,
}: {
  task: OutsideCreatorRow
  can: OutsideRights
  onEdit: () => void
  onChanged: () => void
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const invalidate = useInvalidate()
  const { mutate: post, mutation: posting } = useCustomMutation<CrawlRunRow>()
  const { mutate: remove, mutation: removing } = useDelete()
  const running = task.state === 'running'
  const refresh = () => {
    void invalidate({ resource: 'outside_creators', invalidates: ['list', 'detail'] })
    onChanged()
  }
  const call = (path: 'crawl' | 'start' | 'stop') =>
    post(
      {
        url: `/api/outside_creators/${task.id}/${path}`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          if (path !== 'crawl') feedback.succeeded(t(`outside.done.${path}`))
          else if (data.status === 'failed') {
            feedback.failed({
              message: t('outside.crawl_failed', { reason: data.error_message ?? '' }),
              statusCode: 200,
            })
          } else feedback.succeeded(t(`outside.crawl_done.${data.status}`))
          refresh()
        },
        onError: feedback.failed,
      }
    )
  return (
    <Space wrap>
      {can.crawl && (
        <Button
          icon={<SyncOutlined spin={posting.isPending} />}
          disabled={posting.isPending || task.crawling}
          onClick={() => call('crawl')}
          data-testid="outside-crawl-now"
        >
          {t('outside.crawl_now')}
        </Button>
      )}
      {can.edit && (
        <Button
          icon={running ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
          disabled={posting.isPending}
          onClick={() => call(running ? 'stop' : 'start')}
          data-testid="outside-state"
        >
          {t(running ? 'outside.stop' : 'outside.start')}
        </Button>
      )}
      {can.edit && (
        <Button icon={<EditOutlined />} onClick={onEdit} data-testid="outside-edit">
          {t('buttons.edit')}
        </Button>
      )}
      {can.delete && (
        <Popconfirm
          title={t('outside.delete_confirm')}
          okText={t('buttons.delete')}
          cancelText={t('buttons.cancel')}
          onConfirm={() =>
            remove(
              {
                resource: 'outside_creators',
                id: task.id,
                successNotification: false,
                errorNotification: false,
              },
              {
                onSuccess: () => {
                  feedback.succeeded(t('outside.done.delete'))
                  onDeleted()
                },
                onError: feedback.failed,
              }
            )
          }
        >
          <Button danger icon={<DeleteOutlined />} loading={removing.isPending}>
            {t('buttons.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  )
}

/** The figures over time (GET /api/outside_creators/:id/figures) in the creators' trend chart. */
function FiguresChart({ id, version }: { id: number; version: number }) {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const [metric, setMetric] = useState<FigureMetric>('fans')
  const [mode, setMode] = useState<'value' | 'diff'>('value')
  const { data, loading, error } = useApiQuery<Figures>(
    `/api/outside_creators/${id}/figures`,
    { days: 90, mode },
    { version }
  )
  const label = t(`outside.metrics.${metric}`)
  const points = useMemo(
    () =>
      (data?.points ?? [])
        .filter((point) => point.metric === metric)
        .map((point) => ({ x: point.date, value: point.value, series: label })),
    [data, metric, label]
  )
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select<FigureMetric>
          value={metric}
          onChange={setMetric}
          style={{ width: 150 }}
          options={METRICS.map((key) => ({ value: key, label: t(`outside.metrics.${key}`) }))}
          aria-label={t('outside.figures')}
        />
        <Segmented<'value' | 'diff'>
          value={mode}
          onChange={setMode}
          options={(['value', 'diff'] as const).map((value) => ({
            value,
            label: t(`chart_panel.modes.${value}`),
          }))}
        />
      </Space>
      <LoadState loading={loading} error={error} minHeight={260}>
        <LineChart
          data={points}
          colors={['#3b5bdb']}
          formatValue={mode === 'diff' ? format.signed : format.number}
          formatAxis={format.axis}
          empty={t('outside.no_figures')}
          testId="outside-figures-chart"
        />
      </LoadState>
    </Space>
  )
}

/** The run history (GET /api/outside_creators/:id/runs), newest first. */
function RunHistory({ id }: { id: number }) {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  const format = useMetricFormat()
  const { tableProps } = useTable<CrawlRunRow>({
    resource: `outside_creators/${id}/runs`,
    pagination: { pageSize: 10 },
    syncWithLocation: false,
    queryOptions: { refetchInterval: 5_000 },
  })
  return (
    <ListTable<CrawlRunRow>
      {...tableProps}
      size="small"
      testId="outside-runs"
      empty={t('outside.no_runs')}
      scroll={{ x: 'max-content' }}
    >
      <ListTable.Column<CrawlRunRow>
        dataIndex="started_at"
        title={t('outside.runs.started_at')}
        onCell={nowrap}
        render={(value: string) => dateTime(value)}
      />
      <ListTable.Column<CrawlRunRow>
        dataIndex="trigger"
        title={t('outside.runs.trigger')}
        onCell={nowrap}
        render={(value: string) => t(`outside.triggers.${value}`, { defaultValue: value })}
      />
      <ListTable.Column<CrawlRunRow>
        dataIndex="status"
        title={t('outside.runs.status')}
        onCell={nowrap}
        render={(value: string, row) => (
          <Tooltip title={row.error_message ?? undefined}>
            <Tag color={STATUS_COLORS[value]}>{t(`outside.statuses.${value}`)}</Tag>
          </Tooltip>
        )}
      />
      <ListTable.Column<CrawlRunRow>
        dataIndex="duration_ms"
        title={t('outside.runs.duration')}
        align="right"
        onCell={nowrap}
        render={(value: number | null) =>
          value === null ? '—' : t('outside.runs.seconds', { n: (value / 1000).toFixed(1) })
        }
      />
      <ListTable.Column<CrawlRunRow>
        dataIndex="fans"
        title={t('outside.metrics.fans')}
        align="right"
        onCell={nowrap}
        render={(value: number | null) => (value === null ? '—' : format.number(value))}
      />
      <ListTable.Column<CrawlRunRow>
        dataIndex="videos_read"
        title={t('outside.runs.videos_read')}
        align="right"
        onCell={nowrap}
      />
      <ListTable.Column<CrawlRunRow>
        dataIndex="error_message"
        title={t('outside.runs.reason')}
        render={(value: string | null) =>
          value ? (
            <Typography.Text type="danger" ellipsis={{ tooltip: value }} style={{ maxWidth: 260 }}>
              {value}
            </Typography.Text>
          ) : (
            '—'
          )
        }
      />
    </ListTable>
  )
}

/** The drawer of one task: its settings, actions, figures over time and run history. */
export function TaskDetail({
  task,
  can,
  onEdit,
  onDeleted,
}: {
  task: OutsideCreatorRow
  can: OutsideRights
  onEdit: () => void
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  const format = useMetricFormat()
  const [version, setVersion] = useState(0)
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="outside-detail">
      <TaskActions
        task={task}
        can={can}
        onEdit={onEdit}
        onChanged={() => setVersion((value) => value + 1)}
        onDeleted={onDeleted}
      />
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('outside.fields.platform')}>
          {t(`enum.platform.${task.platform}`)} · {task.uid}
        </Descriptions.Item>
        <Descriptions.Item label={t('outside.fields.state')}>
          <Tag
            color={task.state === 'running' ? 'green' : 'default'}
            data-testid="outside-detail-state"
          >
            {t(`outside.states.${task.state}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('outside.fields.next_run_at')}>
          {dateTime(task.next_run_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('outside.fields.last_run_at')}>
          {dateTime(task.last_run_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('outside.fields.schedule')} span={2}>
          {t('outside.schedule_text', {
            days: task.interval_days,
            hours: task.interval_hours,
            times: task.custom_times.join(', ') || '—',
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('outside.metrics.fans')}>
          {format.number(task.fans)}
        </Descriptions.Item>
        <Descriptions.Item label={t('outside.fields.fans_growth_7d')}>
          {format.signed(task.fans_growth_7d)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('outside.figures')}</Typography.Title>
      <FiguresChart id={task.id} version={version} />
      <Typography.Title level={5}>{t('outside.run_history')}</Typography.Title>
      <RunHistory id={task.id} />
    </Space>
  )
}
