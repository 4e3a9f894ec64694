import { Card, Empty, List, Progress, Space, Tag, Typography } from 'antd'
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  LinkOutlined,
  LoadingOutlined,
  SyncOutlined,
} from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { PublicationStatus, UploadTaskStatus } from '@shared/uploads'
import { PlatformLogo } from '../../components/platform-badge'
import { useDateTimeFormat } from '../../lib/format'
import type { PublicationRow, UploadTaskRow } from './types'

const STATUS_COLOR: Record<PublicationStatus, string> = {
  requesting: 'default',
  uploading: 'processing',
  scheduled: 'purple',
  success: 'success',
  failure: 'error',
}

const STATUS_ICON: Record<PublicationStatus, React.ReactNode> = {
  requesting: <ClockCircleOutlined />,
  uploading: <SyncOutlined spin />,
  scheduled: <ClockCircleOutlined />,
  success: <CheckCircleOutlined />,
  failure: <CloseCircleOutlined />,
}

/** A finished task's tag: all published, some, or none. */
const TASK_COLOR: Record<Exclude<UploadTaskStatus, 'running'>, string> = {
  success: 'success',
  partial: 'warning',
  failure: 'error',
}

/** An upload that the platform refused because of the creator's login: SPEC §8's per-platform words. */
const LOGIN_FAILURES = new Set(['auth_expired'])

/** One platform's line of a task: its state, its bar, and its outcome. */
function PublicationLine({
  task,
  publication,
}: {
  task: UploadTaskRow
  publication: PublicationRow
}) {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  const { platform, status } = publication
  const open = status === 'requesting' || status === 'uploading' || status === 'scheduled'
  return (
    <div data-testid={`publication-${task.id}-${platform}`} data-status={status}>
      <Space wrap size={8} style={{ width: '100%' }}>
        <PlatformLogo platform={platform} />
        <Typography.Text style={{ minWidth: 64, display: 'inline-block' }}>
          {t(`uploads.platforms.${platform}`)}
        </Typography.Text>
        <Tag color={STATUS_COLOR[status]} icon={STATUS_ICON[status]}>
          {t(`uploads.station.status.${status}`)}
        </Tag>
        {publication.platform_scheduled_at && (
          <Typography.Text type="secondary">
            {t('uploads.station.publishes_at', { at: dateTime(publication.platform_scheduled_at) })}
          </Typography.Text>
        )}
        {status === 'requesting' && publication.next_attempt_at && (
          <Typography.Text type="secondary">
            {t('uploads.station.retry_at', {
              attempt: publication.attempts + 1,
              at: dateTime(publication.next_attempt_at),
            })}
          </Typography.Text>
        )}
        {status === 'success' && publication.url && (
          <a href={publication.url} target="_blank" rel="noreferrer">
            <LinkOutlined /> {publication.platform_video_id}
          </a>
        )}
        {status === 'success' && publication.video_id && (
          <Link to={`/app/video_detailSection?id=${publication.video_id}`}>
            {t('uploads.station.open_video')}
          </Link>
        )}
      </Space>
      {open && (
        <Progress
          percent={Math.floor(publication.progress * 100)}
          size="small"
          status="active"
          style={{ marginBottom: 0 }}
        />
      )}
      {status === 'failure' && (
        <Space size={6} wrap>
          <Typography.Text type="danger">
            {publication.error && LOGIN_FAILURES.has(publication.error.code)
              ? t(`uploads.errors.platform_failed.${platform}`)
              : publication.error?.message || t('uploads.errors.upload_failed')}
          </Typography.Text>
          {publication.error && LOGIN_FAILURES.has(publication.error.code) && (
            <Link to={`/app/modify_creator?id=${task.creator_id}&tab=${platform}`}>
              {t('uploads.errors.fix_login')}
            </Link>
          )}
        </Space>
      )}
    </div>
  )
}

/** A task's heading: its title, creator, when it was launched and for when it is booked. */
export function TaskItem({ task }: { task: UploadTaskRow }) {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  const late =
    task.status === 'running' &&
    task.scheduled_at !== null &&
    Date.parse(task.scheduled_at) < Date.now() &&
    task.publications.some((publication) => publication.status === 'requesting')
  return (
    <List.Item data-testid={`task-${task.id}`} data-status={task.status}>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap size={8}>
          <Typography.Text strong>{task.title}</Typography.Text>
          {task.status !== 'running' && (
            <Tag color={TASK_COLOR[task.status]}>
              {t(`uploads.station.task_status.${task.status}`)}
            </Tag>
          )}
        </Space>
        <Typography.Text type="secondary">
          {task.creator_name ?? `#${task.creator_id}`} · {dateTime(task.created_at)}
          {task.scheduled_at &&
            ` · ${t('uploads.station.booked_for', { at: dateTime(task.scheduled_at) })}`}
        </Typography.Text>
        {late && (
          <Typography.Text type="warning">{t('uploads.station.running_late')}</Typography.Text>
        )}
        {task.publications.map((publication) => (
          <PublicationLine key={publication.id} task={task} publication={publication} />
        ))}
      </Space>
    </List.Item>
  )
}

/**
 * The waiting list (tasks whose platforms are still requesting, uploading
 * or booked) and the result list (each platform's success or failure), as
 * SPEC §2 shows them; the page polls while anything waits.
 */
export function UploadLists({
  tasks,
  loading,
  error,
}: {
  tasks: UploadTaskRow[]
  loading: boolean
  error: string | null
}) {
  const { t } = useTranslation()
  const waiting = tasks.filter((task) => task.status === 'running')
  const results = tasks.filter((task) => task.status !== 'running')
  return (
    <div
      style={{
        display: 'grid',
        gap: 16,
        gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))',
      }}
    >
      <Card
        size="small"
        data-testid="waiting-list"
        title={
          <Space>
            {waiting.length > 0 ? <LoadingOutlined /> : <ClockCircleOutlined />}
            {t('uploads.station.waiting_list')}
            <Tag>{waiting.length}</Tag>
          </Space>
        }
      >
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <List
          loading={loading}
          dataSource={waiting}
          locale={{ emptyText: <Empty description={t('uploads.station.waiting_empty')} /> }}
          renderItem={(task) => <TaskItem task={task} />}
        />
      </Card>
      <Card
        size="small"
        data-testid="result-list"
        title={
          <Space>
            <CheckCircleOutlined />
            {t('uploads.station.result_list')}
            <Tag>{results.length}</Tag>
          </Space>
        }
      >
        <List
          loading={loading}
          dataSource={results}
          pagination={results.length > 10 ? { pageSize: 10, size: 'small' } : false}
          locale={{ emptyText: <Empty description={t('uploads.station.results_empty')} /> }}
          renderItem={(task) => <TaskItem task={task} />}
        />
      </Card>
    </div>
  )
}
