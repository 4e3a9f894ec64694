import { Alert, Progress, Space, Tag, Typography } from 'antd'
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  PauseCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { DATA_REFRESH_HOUR } from '@shared/constants'
import type { CollectionRun } from '../../../lib/metrics'
import { useDateTimeFormat } from '../../../lib/format'
import { isRunning } from '../hooks/use-collection'
import { collectErrorSentence } from '../../../components/collect-error'

const STATUS_TAG: Record<CollectionRun['status'], { color: string; icon: React.ReactNode }> = {
  queued: { color: 'default', icon: <ClockCircleOutlined /> },
  running: { color: 'processing', icon: <SyncOutlined spin /> },
  finished: { color: 'success', icon: <CheckCircleFilled /> },
  failed: { color: 'error', icon: <CloseCircleFilled /> },
}

export function RunStatusTag({ run }: { run: CollectionRun }) {
  const { t } = useTranslation()
  const style = STATUS_TAG[run.status] ?? STATUS_TAG.queued
  const failedSome =
    run.status === 'finished' &&
    (run.failed > 0 || (run.deferred ?? 0) > 0 || (run.videos_failed ?? 0) > 0)
  return (
    <Tag
      color={failedSome ? 'warning' : style.color}
      icon={style.icon}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`dashboard.run_status.${run.status}`)}
    </Tag>
  )
}

/**
 * The platforms the breaker paused during a run, one line each: "Bilibili
 * paused (rate limited): 118 accounts deferred, retried after 14:20".
 */
export function RunPauses({ run }: { run: CollectionRun }) {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  if (!run.paused?.length) return null
  return (
    <Space direction="vertical" size={0} data-testid="run-pauses">
      {run.paused.map((pause) => {
        const values = {
          platform: t(`enum.platform.${pause.platform}`),
          reason: t(`dashboard.collection.pause_reasons.${pause.code}`, {
            defaultValue: pause.code,
          }),
          count: pause.deferred,
          time: dateTime(pause.retry_at ?? pause.until),
        }
        return (
          <Typography.Text
            key={pause.platform}
            type="warning"
            style={{ fontSize: 12 }}
            data-platform={pause.platform}
          >
            <PauseCircleOutlined />{' '}
            {pause.retry_at
              ? t('dashboard.collection.paused', values)
              : t('dashboard.collection.paused_no_retry', values)}
          </Typography.Text>
        )
      })}
    </Space>
  )
}

/** "Videos of N accounts not written": accounts collected whose videos could not be written. */
export function RunVideosFailed({ run }: { run: CollectionRun }) {
  const { t } = useTranslation()
  if (!((run.videos_failed ?? 0) > 0)) return null
  return (
    <Typography.Text
      type="danger"
      style={{ fontSize: 12, whiteSpace: 'nowrap' }}
      data-testid="run-videos-failed"
    >
      {t('dashboard.collection.videos_failed_count', { count: run.videos_failed })}
    </Typography.Text>
  )
}

/** One quiet line: the newest day the numbers describe, and the last collection. */
export function LastCollected({
  latestDate,
  lastRun,
}: {
  latestDate: string | null
  lastRun: CollectionRun | null
}) {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  return (
    <Space size={[12, 4]} wrap style={{ fontSize: 12 }} data-testid="last-collected">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {latestDate
          ? t('dashboard.collection.latest_date', { date: latestDate })
          : t('dashboard.collection.no_date')}
      </Typography.Text>
      {lastRun && (
        <Space size={6}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('dashboard.collection.last_run', {
              when: dateTime(lastRun.finished_at ?? lastRun.started_at ?? lastRun.created_at),
              trigger: t(`dashboard.trigger.${lastRun.trigger}`),
            })}
          </Typography.Text>
          <RunStatusTag run={lastRun} />
          {!isRunning(lastRun) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('dashboard.collection.counts', {
                succeeded: lastRun.succeeded,
                failed: lastRun.failed,
              })}
            </Typography.Text>
          )}
          {!isRunning(lastRun) && <RunVideosFailed run={lastRun} />}
        </Space>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('dashboard.collection.schedule', { hour: DATA_REFRESH_HOUR })}
      </Typography.Text>
    </Space>
  )
}

/**
 * A collection in progress (processed / total, succeeded, failed, the
 * accounts whose videos were not written), then its outcome.
 */
export function CollectionProgress({ run, onClose }: { run: CollectionRun; onClose: () => void }) {
  const { t } = useTranslation()
  const running = isRunning(run)
  const percent = run.total > 0 ? Math.round((run.processed / run.total) * 100) : running ? 0 : 100
  const status = run.status === 'failed' ? 'exception' : running ? 'active' : 'success'
  const type =
    run.status === 'failed'
      ? 'error'
      : running
        ? 'info'
        : run.failed > 0 || (run.videos_failed ?? 0) > 0
          ? 'warning'
          : 'success'
  return (
    <Alert
      type={type}
      showIcon={false}
      closable={!running}
      onClose={onClose}
      data-testid="resync-progress"
      data-status={run.status}
      message={
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Space size={8} wrap>
            <RunStatusTag run={run} />
            <Typography.Text strong>
              {running
                ? t('dashboard.resync.running', { date: run.snapshot_date })
                : t('dashboard.resync.result', { date: run.snapshot_date })}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="resync-counts">
              {run.status === 'queued' && run.total === 0
                ? t('dashboard.resync.waiting')
                : t('dashboard.resync.counts', {
                    processed: run.processed,
                    total: run.total,
                    succeeded: run.succeeded,
                    failed: run.failed,
                  })}
            </Typography.Text>
            <RunVideosFailed run={run} />
          </Space>
          <Progress percent={percent} status={status} size="small" />
          {run.error && <Typography.Text type="danger">{run.error}</Typography.Text>}
          {!running && <RunPauses run={run} />}
          {run.failures?.length > 0 && !running && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {run.failures
                .slice(0, 3)
                .map(
                  (failure) =>
                    `${t(`enum.platform.${failure.platform}`)} #${failure.account_id}: ${collectErrorSentence(t, failure.code)}`
                )
                .join(' · ')}
              {run.failures.length > 3
                ? ` · ${t('dashboard.resync.more_failures', { count: run.failures.length - 3 })}`
                : ''}
            </Typography.Text>
          )}
        </Space>
      }
    />
  )
}
