import { Card, Empty, List, Space, Tooltip, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CollectionRun } from '../../../lib/metrics'
import { useDashboard } from '../lib/context'
import { useDashboardFormat, useDateTimeFormat } from '../../../lib/format'
import { useApiQuery } from '../../../lib/use-api-query'
import { PlatformLogo } from '../../../components/platform-badge'
import { RunPauses, RunStatusTag, RunVideosFailed } from './collection-status'

/**
 * The latest collection runs (GET /api/metrics/runs): when, what, how it
 * went, the platforms the breaker paused (their accounts deferred) and the
 * accounts whose videos were not written.
 */
export function CollectionRunsCard() {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  const dateTime = useDateTimeFormat()
  const { version, overview } = useDashboard()
  // A new run (the overview's last run changes) refreshes the list too.
  const lastRun = overview.data?.last_run
  const lastRunKey = lastRun ? `${lastRun.id}:${lastRun.status}` : ''
  const {
    data,
    loading: isLoading,
    error,
  } = useApiQuery<CollectionRun[]>(
    '/api/metrics/runs',
    { limit: 6 },
    { version: `${version}:${lastRunKey}` }
  )
  if (error) return null
  const runs = Array.isArray(data) ? data : []

  const scopeOf = (run: CollectionRun) =>
    run.platform ? (
      <Space size={4}>
        <PlatformLogo platform={run.platform} size={12} />
        {t(`enum.platform.${run.platform}`)}
      </Space>
    ) : run.creator_ids?.length ? (
      t('dashboard.collection.creators', { count: run.creator_ids.length })
    ) : (
      t('dashboard.filters.all_platforms')
    )

  return (
    <Card
      title={t('dashboard.collection.title')}
      loading={isLoading}
      style={{ height: '100%' }}
      data-testid="collection-runs"
    >
      <List<CollectionRun>
        size="small"
        dataSource={runs}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('dashboard.collection.none')}
            />
          ),
        }}
        renderItem={(run) => (
          <List.Item style={{ paddingInline: 0 }}>
            <div
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 12,
                width: '100%',
                alignItems: 'center',
              }}
            >
              <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
                <Space size={6} wrap>
                  <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                    {run.snapshot_date}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                    {scopeOf(run)}
                  </Typography.Text>
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {dateTime(run.started_at ?? run.created_at)} ·{' '}
                  {t(`dashboard.trigger.${run.trigger}`)}
                  {run.duration_ms === null || run.duration_ms === undefined
                    ? ''
                    : ` · ${t('dashboard.collection.seconds', { value: (run.duration_ms / 1000).toFixed(1) })}`}
                </Typography.Text>
                <RunPauses run={run} />
              </Space>
              <Tooltip
                title={
                  run.failures?.length
                    ? run.failures
                        .slice(0, 5)
                        .map(
                          (failure) =>
                            `${t(`enum.platform.${failure.platform}`)} #${failure.account_id}: ${failure.message}`
                        )
                        .join(' · ')
                    : undefined
                }
              >
                <Space direction="vertical" size={2} style={{ textAlign: 'right', flex: 'none' }}>
                  <RunStatusTag run={run} />
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                    {t('dashboard.collection.accounts_count', {
                      succeeded: f.format(run.succeeded),
                      total: f.format(run.total),
                    })}
                  </Typography.Text>
                  {run.failed > 0 && (
                    <Typography.Text type="danger" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {t('dashboard.collection.failed_count', { count: run.failed })}
                    </Typography.Text>
                  )}
                  {(run.deferred ?? 0) > 0 && (
                    <Typography.Text type="warning" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {t('dashboard.collection.deferred_count', { count: run.deferred })}
                    </Typography.Text>
                  )}
                  <RunVideosFailed run={run} />
                </Space>
              </Tooltip>
            </div>
          </List.Item>
        )}
      />
    </Card>
  )
}
