import { CanAccess, useCan } from '@refinedev/core'
import { App, Button, Card, DatePicker, Popconfirm, Select, Space, Tooltip, Typography } from 'antd'
import { CalendarOutlined, SyncOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { PlatformLogo } from '../../../components/platform-badge'
import { useDashboard } from '../lib/context'
import { useCollection } from '../hooks/use-collection'
import { CollectionProgress, LastCollected } from './collection-status'
import { Toolbar } from '../../../components/toolbar'
import { DownloadButton } from '../../../components/download-button'

const DAY = 'YYYY-MM-DD'
const PRESETS = [7, 30, 90, 365] as const

/**
 * The bar above every dashboard: the date range (default the last 7 days
 * ending at the newest snapshot day), the platform (fixed on a platform
 * dashboard), 'Resync data' for those who may start a collection, the Excel
 * download, and when the data was last collected.
 */
export function FiltersBar({ title }: { title: React.ReactNode }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { filters, fixedPlatform, overview, setRange, setPlatform, reload } = useDashboard()
  const { data: canCollect } = useCan({ resource: 'metrics', action: 'collect' })

  const latest = overview.data?.latest_date ?? null
  const range = overview.data?.range
  const start = filters.start ?? range?.start
  const end = filters.end ?? range?.end
  const anchor = dayjs(latest ?? undefined)

  const collection = useCollection({
    platform: filters.platform,
    lastRun: overview.data?.last_run,
    onFinished: (run) => {
      if (run.status === 'finished') {
        message.success(
          t('dashboard.resync.done', { succeeded: run.succeeded, failed: run.failed })
        )
      } else {
        message.error(t('dashboard.resync.failed'))
      }
      reload()
    },
    onError: (text) => message.error(text || t('errors.request_failed')),
  })

  const onRange = (values: [Dayjs | null, Dayjs | null] | null) => {
    if (!values?.[0] || !values[1]) return setRange(null)
    setRange({ start: values[0].format(DAY), end: values[1].format(DAY) })
  }

  return (
    <Card size="small" data-testid="dashboard-filters" styles={{ body: { padding: '12px 16px' } }}>
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Toolbar>
          <Space size={12} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="dashboard-title">
              {title}
            </Typography.Title>
            <DatePicker.RangePicker
              value={start && end ? [dayjs(start), dayjs(end)] : null}
              onChange={onRange}
              allowClear={Boolean(filters.start)}
              disabledDate={(day) => day.isAfter(anchor, 'day')}
              presets={PRESETS.map((days) => ({
                label: t('dashboard.filters.last_days', { count: days }),
                value: [anchor.subtract(days - 1, 'day'), anchor] as [Dayjs, Dayjs],
              }))}
              suffixIcon={<CalendarOutlined />}
              data-testid="filter-range"
            />
            {!fixedPlatform && (
              <Select
                value={filters.platform ?? ''}
                onChange={(value) =>
                  setPlatform(value ? (value as typeof filters.platform) : undefined)
                }
                style={{ minWidth: 180 }}
                popupMatchSelectWidth={false}
                data-testid="filter-platform"
                options={[
                  { value: '', label: t('dashboard.filters.all_platforms') },
                  ...PLATFORMS.map((platform) => ({
                    value: platform,
                    label: (
                      <Space size={6}>
                        <PlatformLogo platform={platform} size={16} />
                        {t(`enum.platform.${platform}`)}
                      </Space>
                    ),
                  })),
                ]}
              />
            )}
          </Space>
          <Space size={8} wrap>
            {canCollect?.can && (
              <Popconfirm
                title={t('dashboard.resync.confirm_title')}
                description={
                  <div style={{ maxWidth: 320 }}>
                    {filters.platform
                      ? t('dashboard.resync.confirm', {
                          platform: t(`enum.platform.${filters.platform}`),
                        })
                      : t('dashboard.resync.confirm_all')}
                  </div>
                }
                okText={t('dashboard.resync.button')}
                onConfirm={() => void collection.start()}
                disabled={collection.running}
                okButtonProps={{ 'data-testid': 'resync-confirm' } as Record<string, string>}
              >
                <Tooltip title={t('dashboard.resync.help')}>
                  <Button
                    icon={<SyncOutlined spin={collection.running} />}
                    loading={collection.starting}
                    disabled={collection.running}
                    data-testid="resync"
                  >
                    {t('dashboard.resync.button')}
                  </Button>
                </Tooltip>
              </Popconfirm>
            )}
            <CanAccess resource="metrics" action="download" fallback={null}>
              <DownloadButton
                url="/api/dashboard/download"
                fileName={`dashboard-${start ?? 'latest'}-${end ?? ''}.xlsx`}
                query={() => ({
                  start: filters.start,
                  end: filters.end,
                  platform: filters.platform,
                })}
                data-testid="dashboard-download"
              >
                {t('dashboard.buttons.download')}
              </DownloadButton>
            </CanAccess>
          </Space>
        </Toolbar>
        <LastCollected latestDate={latest} lastRun={overview.data?.last_run ?? null} />
        {collection.run && <CollectionProgress run={collection.run} onClose={collection.dismiss} />}
      </Space>
    </Card>
  )
}
