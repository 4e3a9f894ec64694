import { useMemo, useState } from 'react'
import {
  Card,
  Descriptions,
  Empty,
  Segmented,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd'
import { LinkOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { OutsideStanding, OutsideWindowStatus } from '@shared/outside_videos'
import { LineChart } from '../../components/charts'
import { PlatformLogo } from '../../components/platform-badge'
import { useApiQuery } from '../../lib/use-api-query'
import { useDashboardFormat, useDateTimeFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { VideoActions, type OutsideVideoRights } from './actions'
import type { OutsideComparisonData, OutsideVideoDetailData } from './types'

const WINDOW_COLORS: Record<OutsideWindowStatus, string> = {
  taken: 'success',
  early: 'processing',
  late: 'warning',
  pending: 'default',
  missed: 'error',
  undated: 'default',
}
const STANDING_COLORS: Record<OutsideStanding, string> = {
  top: 'green',
  upper: 'cyan',
  lower: 'orange',
  bottom: 'red',
}
const RUN_COLORS = {
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  deferred: 'warning',
}
const SERIES_METRICS = ['views', 'likes', 'comments', 'shares'] as const
type SeriesMetric = (typeof SERIES_METRICS)[number]

/** The agency's own videos of the same platform at each window, and this video among them. */
function ComparisonCard({ id }: { id: number }) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const answer = useApiQuery<OutsideComparisonData>(`/api/outside_videos/${id}/comparison`, {})
  const rows = useMemo(
    () => (answer.error ? [] : (answer.data?.windows ?? [])),
    [answer.error, answer.data]
  )
  const chart = useMemo(
    () =>
      rows.flatMap((row) => {
        const x = t('outside_videos.window', { hours: row.window_hours })
        return [
          { x, value: row.views, series: t('outside_videos.compare.this_video') },
          { x, value: row.p75, series: t('outside_videos.compare.p75') },
          { x, value: row.median, series: t('outside_videos.compare.median') },
          { x, value: row.p25, series: t('outside_videos.compare.p25') },
        ]
      }),
    [rows, t]
  )
  const known = rows.some((row) => row.videos > 0)
  return (
    <Card
      size="small"
      title={t('outside_videos.compare.title')}
      loading={answer.loading}
      data-testid="outside-video-comparison"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('outside_videos.compare.hint')}
      </Typography.Paragraph>
      {!known ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('outside_videos.compare.empty')}
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <LineChart
            data={chart}
            height={220}
            formatValue={format.format}
            formatAxis={format.axis}
            testId="outside-video-comparison-chart"
          />
          <Table
            size="small"
            rowKey="window_hours"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            data-testid="outside-video-comparison-table"
            columns={[
              {
                key: 'window',
                title: t('outside_videos.windows.window'),
                onCell: nowrap,
                render: (_, row) => t('outside_videos.window', { hours: row.window_hours }),
              },
              {
                key: 'views',
                title: t('outside_videos.compare.this_video'),
                align: 'right',
                render: (_, row) => (row.views === null ? '—' : format.format(row.views)),
              },
              ...(['p25', 'median', 'p75'] as const).map((key) => ({
                key,
                title: t(`outside_videos.compare.${key}`),
                align: 'right' as const,
                render: (_: unknown, row: (typeof rows)[number]) =>
                  row[key] === null ? '—' : format.format(row[key]),
              })),
              {
                key: 'percentile',
                title: t('outside_videos.compare.percentile'),
                align: 'right',
                render: (_, row) =>
                  row.percentile === null
                    ? '—'
                    : t('outside_videos.compare.percentile_value', { value: row.percentile }),
              },
              {
                key: 'standing',
                title: t('outside_videos.compare.standing'),
                render: (_, row) =>
                  row.standing ? (
                    <Tag color={STANDING_COLORS[row.standing]}>
                      {t(`outside_videos.standings.${row.standing}`)}
                    </Tag>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'videos',
                title: t('outside_videos.compare.videos'),
                align: 'right',
                render: (_, row) => format.format(row.videos),
              },
            ]}
          />
        </Space>
      )}
    </Card>
  )
}

/**
 * One outside video (the drawer of /app/outside_video?id=): its counters,
 * its counters over time, its 6/12/24/48/60 h windows with the real age of
 * each reading, the agency's own videos of the same age, its last crawls;
 * start/stop, crawl now, delete.
 */
export function OutsideVideoDetail({
  id,
  can,
  onDeleted,
}: {
  id: number
  can: OutsideVideoRights
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const dateTime = useDateTimeFormat()
  const [metric, setMetric] = useState<SeriesMetric>('views')
  const detail = useApiQuery<OutsideVideoDetailData>(`/api/outside_videos/${id}`, {})
  const video = detail.error ? undefined : detail.data
  const series = useMemo(
    () =>
      (video?.points ?? []).map((point) => ({
        x: dateTime(point.taken_at),
        value: point[metric],
        series: t(`outside_videos.fields.${metric}`),
      })),
    [video, metric, dateTime, t]
  )

  if (detail.error) {
    return <Empty description={detail.error} data-testid="outside-video-missing" />
  }
  if (!video) return <Card loading />
  return (
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%' }}
      data-testid="outside-video-detail"
    >
      <Card size="small">
        <Space direction="vertical" size={6} style={{ width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="outside-video-title">
            {video.title || video.platform_video_id}
          </Typography.Title>
          <Space wrap>
            <PlatformLogo platform={video.platform} />
            <Typography.Text>{t(`enum.platform.${video.platform}`)}</Typography.Text>
            {video.channel_name && (
              <Typography.Text type="secondary">{video.channel_name}</Typography.Text>
            )}
            <Tag color={video.state === 'running' ? 'green' : 'default'}>
              {t(`outside_videos.states.${video.state}`)}
            </Tag>
            <Tag>{t(`outside_videos.origins.${video.origin}`)}</Tag>
            {video.url && (
              <a href={video.url} target="_blank" rel="noopener noreferrer">
                <LinkOutlined /> {t('outside_videos.open_platform')}
              </a>
            )}
          </Space>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('outside_videos.fields.published_at')}>
              {dateTime(video.published_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('outside_videos.fields.last_seen_at')}>
              {dateTime(video.last_seen_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('outside_videos.fields.next_run_at')}>
              {dateTime(video.next_run_at)}
            </Descriptions.Item>
          </Descriptions>
          <VideoActions video={video} can={can} onChanged={detail.refetch} onDeleted={onDeleted} />
        </Space>
      </Card>
      <div
        style={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 8 }}
        data-testid="outside-video-counters"
      >
        {(['views', 'likes', 'comments', 'shares', 'favorites'] as const).map((key) => (
          <Card key={key} size="small">
            <Statistic
              title={t(`outside_videos.fields.${key}`)}
              value={video[key]}
              formatter={(value) => format.short(Number(value))}
            />
          </Card>
        ))}
      </div>
      <Card
        size="small"
        title={t('outside_videos.series')}
        extra={
          <Segmented
            size="small"
            value={metric}
            onChange={(value) => setMetric(value as SeriesMetric)}
            options={SERIES_METRICS.map((key) => ({
              value: key,
              label: t(`outside_videos.fields.${key}`),
            }))}
          />
        }
      >
        <LineChart
          data={series}
          height={220}
          formatValue={format.format}
          formatAxis={format.axis}
          empty={t('outside_videos.series_empty')}
          testId="outside-video-series"
        />
      </Card>
      <Card size="small" title={t('outside_videos.windows.title')}>
        <Table
          size="small"
          rowKey="window_hours"
          pagination={false}
          dataSource={video.windows}
          scroll={{ x: 'max-content' }}
          data-testid="outside-video-windows"
          columns={[
            {
              key: 'window',
              title: t('outside_videos.windows.window'),
              onCell: nowrap,
              render: (_, row) => t('outside_videos.window', { hours: row.window_hours }),
            },
            {
              key: 'status',
              title: t('outside_videos.windows.status'),
              render: (_, row) => (
                <Tag color={WINDOW_COLORS[row.status]}>
                  {t(`outside_videos.window_statuses.${row.status}`)}
                </Tag>
              ),
            },
            {
              key: 'age',
              title: t('outside_videos.windows.age'),
              align: 'right',
              render: (_, row) =>
                row.age_hours === null
                  ? '—'
                  : t('outside_videos.hours', { hours: row.age_hours.toFixed(1) }),
            },
            {
              key: 'taken',
              title: t('outside_videos.windows.taken_at'),
              onCell: nowrap,
              render: (_, row) => dateTime(row.taken_at),
            },
            {
              key: 'views',
              title: t('outside_videos.fields.views'),
              align: 'right',
              render: (_, row) => (row.views === null ? '—' : format.format(row.views)),
            },
            {
              key: 'gain',
              title: t('outside_videos.windows.gain'),
              align: 'right',
              render: (_, row) => (row.views_gain === null ? '—' : format.signed(row.views_gain)),
            },
            {
              key: 'likes',
              title: t('outside_videos.fields.likes'),
              align: 'right',
              render: (_, row) => (row.likes === null ? '—' : format.format(row.likes)),
            },
          ]}
        />
      </Card>
      <ComparisonCard id={id} />
      <Card size="small" title={t('outside_videos.runs.title')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={video.runs}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('outside_videos.runs.empty') }}
          columns={[
            {
              key: 'started',
              title: t('outside_videos.runs.started_at'),
              onCell: nowrap,
              render: (_, run) => dateTime(run.started_at),
            },
            {
              key: 'trigger',
              title: t('outside_videos.runs.trigger'),
              render: (_, run) =>
                t(`outside_videos.triggers.${run.trigger}`, { defaultValue: run.trigger }),
            },
            {
              key: 'status',
              title: t('outside_videos.runs.status'),
              render: (_, run) => (
                <Tag color={RUN_COLORS[run.status]} title={run.error_message ?? undefined}>
                  {t(`outside_videos.run_statuses.${run.status}`)}
                </Tag>
              ),
            },
            {
              key: 'duration',
              title: t('outside_videos.runs.duration'),
              align: 'right',
              render: (_, run) =>
                run.duration_ms === null
                  ? '—'
                  : t('outside_videos.seconds', { seconds: (run.duration_ms / 1000).toFixed(1) }),
            },
            {
              key: 'views',
              title: t('outside_videos.fields.views'),
              align: 'right',
              render: (_, run) => (run.views === null ? '—' : format.format(run.views)),
            },
            {
              key: 'error',
              title: t('outside_videos.runs.error'),
              render: (_, run) => run.error_message ?? '—',
            },
          ]}
        />
      </Card>
    </Space>
  )
}
