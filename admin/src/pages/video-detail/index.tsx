import { useMemo, useState } from 'react'
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd'
import { ArrowLeftOutlined, LinkOutlined } from '@ant-design/icons'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { VIDEO_METRICS, type VideoMetric } from '@shared/videos'
import { LineChart } from '../../components/charts'
import { Toolbar } from '../../components/toolbar'
import { useApiQuery } from '../../lib/use-api-query'
import { useQueryPatch } from '../../lib/use-query-patch'
import { useDashboardFormat, useDateTimeFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import {
  CompareLink,
  CompareToggle,
  MetricSwitch,
  VideoThumb,
} from '../../resources/videos/video-bits'
import { VideoSearch } from '../../resources/videos/video-search'
import type { VideoDetailData, VideoGrowth } from '../../resources/videos/types'
import { PlatformLogo } from '../../components/platform-badge'

const STATUS_COLOR = { pending: 'default', taken: 'success', late: 'warning', missed: 'error' }

/** The growth-hacking windows beside the creator's median (GET /api/videos/:id/growth), or an empty state. */
function GrowthCard({ id, metric }: { id: number; metric: VideoMetric }) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const dateTime = useDateTimeFormat()
  const growth = useApiQuery<VideoGrowth>(`/api/videos/${id}/growth`, {})
  const data = growth.error ? undefined : growth.data
  const flags = data?.flags ?? []
  const rows = (data?.points ?? []).map((point) => ({
    ...point,
    median: data?.median.find((item) => item.window_hours === point.window_hours)?.[metric] ?? null,
  }))
  const chart = rows.flatMap((row) => [
    ...(row[metric] != null
      ? [
          {
            x: t('videos.detail.window', { hours: row.window_hours }),
            value: Number(row[metric]),
            series: t(`videos.fields.${metric}`),
          },
        ]
      : []),
    ...(row.median != null
      ? [
          {
            x: t('videos.detail.window', { hours: row.window_hours }),
            value: Number(row.median),
            series: t('videos.detail.median'),
          },
        ]
      : []),
  ])
  return (
    <Card size="small" title={t('videos.detail.growth')} data-testid="video-growth">
      {!rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('videos.detail.growth_empty')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <LineChart data={chart} formatValue={format.format} formatAxis={format.axis} />
          <Table
            size="small"
            rowKey="window_hours"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'window',
                title: t('videos.compare.hours'),
                onCell: nowrap,
                render: (_, row) => t('videos.detail.window', { hours: row.window_hours }),
              },
              {
                key: 'status',
                title: t('videos.detail.state'),
                render: (_, row) => (
                  <Tag color={STATUS_COLOR[row.status]}>
                    {t(`videos.detail.status.${row.status}`)}
                  </Tag>
                ),
              },
              {
                key: 'flags',
                title: t('videos.detail.flags'),
                render: (_, row) =>
                  flags
                    .filter((flag) => flag.window_hours === row.window_hours)
                    .map((flag) => (
                      <Tag
                        key={`${flag.metric}-${flag.flag}`}
                        color={flag.flag === 'out' ? 'green' : 'red'}
                        data-testid={`growth-flag-${flag.flag}`}
                      >
                        {t(`videos.detail.flag.${flag.flag}`)}
                      </Tag>
                    )),
              },
              {
                key: 'taken',
                title: t('videos.detail.last_seen'),
                onCell: nowrap,
                render: (_, row) => dateTime(row.taken_at),
              },
              {
                key: 'age',
                title: t('videos.detail.age'),
                align: 'right',
                render: (_, row) =>
                  row.age_hours == null ? '—' : format.format(Number(row.age_hours)),
              },
              {
                key: 'value',
                title: t(`videos.fields.${metric}`),
                align: 'right',
                render: (_, row) =>
                  row[metric] == null ? '—' : format.format(Number(row[metric])),
              },
              {
                key: 'median',
                title: t('videos.detail.median'),
                align: 'right',
                render: (_, row) => (row.median == null ? '—' : format.format(Number(row.median))),
              },
            ]}
          />
        </Space>
      )}
    </Card>
  )
}

/**
 * /app/video_detailSection?id= (SPEC §2): the video, its counters, its
 * daily series and its growth-hacking windows against the creator's median;
 * "add to compare".
 */
export function VideoDetail() {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const dateTime = useDateTimeFormat()
  const navigate = useNavigate()
  const [params] = useQueryPatch()
  const id = Number(params.get('id')) || 0
  const [metric, setMetric] = useState<VideoMetric>('views')
  const detail = useApiQuery<VideoDetailData>(`/api/videos/${id}`, {}, { enabled: id > 0 })
  const data = detail.error ? undefined : detail.data
  const series = useMemo(
    () =>
      (data?.series ?? []).map((point) => ({
        x: point.date,
        value: point[metric],
        series: t(`videos.fields.${metric}`),
      })),
    [data, metric, t]
  )

  if (!id) {
    // opened without a video: find one
    return (
      <Card title={t('videos.detail.title')} data-testid="video-pick">
        <Space direction="vertical" size="middle">
          <Typography.Text type="secondary">{t('videos.detail.pick')}</Typography.Text>
          <VideoSearch
            value=""
            width={420}
            onSearch={(q) =>
              navigate(
                q ? `/app/video_dashboard?q=${encodeURIComponent(q)}` : '/app/video_dashboard'
              )
            }
          />
          <Link to="/app/video_dashboard">
            <Button>{t('videos.detail.back')}</Button>
          </Link>
        </Space>
      </Card>
    )
  }
  if (detail.error) {
    return (
      <Result
        status="404"
        title={t('videos.detail.not_found')}
        extra={
          <Link to="/app/video_dashboard">
            <Button>{t('videos.detail.back')}</Button>
          </Link>
        }
      />
    )
  }
  const video = data?.video
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="video-detail">
      <Toolbar>
        <Space>
          <Link to="/app/video_dashboard">
            <Button icon={<ArrowLeftOutlined />}>{t('videos.detail.back')}</Button>
          </Link>
        </Space>
        <Space>
          <CompareToggle id={id} />
          <CompareLink />
        </Space>
      </Toolbar>
      <Card loading={!video} size="small">
        {video && (
          <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
            <VideoThumb video={video} width={240} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Space direction="vertical" size={6} style={{ width: '100%' }}>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="video-title">
                  {video.title}
                </Typography.Title>
                <Space wrap>
                  <PlatformLogo platform={video.platform} />
                  <Typography.Text>{t(`enum.platform.${video.platform}`)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {video.creator.channel_name} · {video.creator.brand_no}
                  </Typography.Text>
                  {video.deleted_on && (
                    <Tag>{t('videos.fields.deleted_on', { day: video.deleted_on })}</Tag>
                  )}
                  {video.url && (
                    <a href={video.url} target="_blank" rel="noopener noreferrer">
                      <LinkOutlined /> {t('videos.detail.open_platform')}
                    </a>
                  )}
                </Space>
                <Descriptions size="small" column={{ xs: 1, md: 3 }}>
                  <Descriptions.Item label={t('videos.fields.published_at')}>
                    {dateTime(video.published_at)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('videos.fields.category')}>
                    {video.category ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('videos.detail.last_seen')}>
                    {dateTime(video.last_seen_at)}
                  </Descriptions.Item>
                  {video.tags.length > 0 && (
                    <Descriptions.Item label={t('videos.fields.tags')} span={3}>
                      {video.tags.map((tag) => (
                        <Tag key={tag}>{tag}</Tag>
                      ))}
                    </Descriptions.Item>
                  )}
                </Descriptions>
              </Space>
            </div>
          </div>
        )}
      </Card>
      {video && (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
            gap: 12,
          }}
          data-testid="video-counters"
        >
          {[...VIDEO_METRICS, 'views_week', 'views_month'].map((key) => (
            <Card key={key} size="small">
              <Statistic
                title={t(`videos.fields.${key}`)}
                value={video[key as VideoMetric]}
                formatter={(value) => format.short(Number(value))}
              />
            </Card>
          ))}
        </div>
      )}
      <Card
        size="small"
        title={t('videos.detail.series')}
        extra={<MetricSwitch value={metric} onChange={setMetric} />}
        data-testid="video-series"
      >
        <LineChart
          data={series}
          formatValue={format.format}
          formatAxis={format.axis}
          empty={t('videos.cards.empty')}
        />
      </Card>
      <GrowthCard id={id} metric={metric} />
    </Space>
  )
}

export default VideoDetail
