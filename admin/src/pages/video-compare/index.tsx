import { useEffect, useMemo, useState } from 'react'
import { Button, Card, Empty, Space, Table, Typography } from 'antd'
import { CloseOutlined, FileExcelOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { VideoMetric } from '@shared/videos'
import { LineChart } from '../../components/charts'
import { DownloadButton } from '../../components/download-button'
import { PageFrame } from '../../components/page-frame'
import { useApiQuery } from '../../lib/use-api-query'
import { useQueryPatch } from '../../lib/use-query-patch'
import { useDashboardFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { useCompareBasket } from '../../resources/videos/compare-basket'
import { MetricSwitch, VideoThumb, VideoTitle } from '../../resources/videos/video-bits'
import type { VideoComparison } from '../../resources/videos/types'

/** Ids of `?ids=1,2,3` (positive whole numbers, at most `max`). */
function idsOf(text: string | null, max: number) {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && id > 0)
    ),
  ].slice(0, max)
}

/**
 * /app/video_compare?ids= (SPEC §2 'Video Compare'): up to five videos on
 * one chart by hours since upload (daily readings and growth-hacking
 * windows), a table side by side at the same ages, and its Excel download.
 * The address names the videos; without it, the picked ones (localStorage).
 */
function VideoCompare() {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const basket = useCompareBasket()
  const [params, patch] = useQueryPatch({ replace: true })
  const fromUrl = idsOf(params.get('ids'), basket.max)
  const ids = fromUrl.length ? fromUrl : basket.ids
  const [metric, setMetric] = useState<VideoMetric>('views')
  // the address's videos become the picked ones
  useEffect(() => {
    if (fromUrl.length && fromUrl.join(',') !== basket.ids.join(',')) basket.replace(fromUrl)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params])

  const query = useMemo(() => ({ ids }), [ids.join(',')]) // eslint-disable-line react-hooks/exhaustive-deps
  const comparison = useApiQuery<VideoComparison>('/api/videos/compare', query, {
    enabled: ids.length > 0,
  })
  const data = ids.length && !comparison.error ? comparison.data : undefined

  const remove = (id: number) => {
    const next = ids.filter((other) => other !== id)
    basket.replace(next)
    patch({ ids: next.length ? next.join(',') : null })
  }

  const lines = useMemo(() => {
    if (!data) return []
    const points = data.videos.flatMap(({ video, points: readings }, index) =>
      readings.map((point) => ({
        hours: point.age_hours,
        value: point[metric],
        series: `${index + 1}. ${video.title.slice(0, 24)}`,
      }))
    )
    points.sort((a, b) => a.hours - b.hours)
    return points.map((point) => ({
      x: t('videos.compare.at_hours', { hours: format.format(point.hours) }),
      value: point.value,
      series: point.series,
    }))
  }, [data, metric, t, format])

  return (
    <PageFrame
      testId="video-compare"
      title={t('videos.compare.title')}
      extra={
        <Space>
          {ids.length > 0 && (
            <Button
              onClick={() => {
                basket.replace([])
                patch({ ids: null })
              }}
            >
              {t('videos.compare.clear')}
            </Button>
          )}
          <DownloadButton
            url="/api/videos/compare/export"
            fileName="video-compare.xlsx"
            icon={<FileExcelOutlined />}
            disabled={!ids.length}
            query={() => ({ ids: ids.join(',') })}
            data-testid="compare-export"
          >
            {t('videos.compare.export')}
          </DownloadButton>
        </Space>
      }
    >
      {!ids.length ? (
        <Card>
          <Empty description={t('videos.compare.empty', { max: basket.max })} />
        </Card>
      ) : (
        <>
          {comparison.error && <Typography.Text type="danger">{comparison.error}</Typography.Text>}
          <Card size="small" loading={!data && !comparison.error}>
            <Space wrap size={[16, 12]} data-testid="compare-videos">
              {data?.videos.map(({ video }, index) => (
                <Space key={video.id} align="start" size={8} style={{ width: 300 }}>
                  <Typography.Text strong>{index + 1}</Typography.Text>
                  <VideoThumb video={video} width={72} />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <VideoTitle video={video} />
                  </div>
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('videos.compare.remove')}
                    onClick={() => remove(video.id)}
                  />
                </Space>
              ))}
            </Space>
          </Card>
          <Card
            size="small"
            title={t('videos.compare.chart')}
            extra={<MetricSwitch value={metric} onChange={setMetric} />}
          >
            <LineChart
              data={lines}
              formatValue={format.format}
              formatAxis={format.axis}
              empty={t('videos.cards.empty')}
            />
          </Card>
          <Card size="small" title={t('videos.compare.table')}>
            <Table
              size="small"
              rowKey="hours"
              pagination={false}
              data-testid="compare-table"
              scroll={{ x: 'max-content' }}
              dataSource={data?.table ?? []}
              columns={[
                {
                  key: 'hours',
                  title: t('videos.compare.hours'),
                  onCell: nowrap,
                  onHeaderCell: nowrap,
                  render: (_, row) => t('videos.compare.at_hours', { hours: row.hours }),
                },
                ...(data?.videos ?? []).map(({ video }, index) => ({
                  key: String(video.id),
                  title: `${index + 1}. ${video.title.length > 20 ? `${video.title.slice(0, 20)}…` : video.title}`,
                  align: 'right' as const,
                  onCell: nowrap,
                  render: (_: unknown, row: VideoComparison['table'][number]) => {
                    const value = row.values[index]
                    return value ? format.format(value[metric]) : t('videos.compare.no_value')
                  },
                })),
              ]}
            />
          </Card>
        </>
      )}
    </PageFrame>
  )
}

export default VideoCompare
