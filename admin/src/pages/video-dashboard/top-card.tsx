import { Card, Empty, List, Segmented, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDashboardFormat } from '../../lib/format'
import { CompareToggle, VideoThumb, VideoTitle } from '../../resources/videos/video-bits'
import type { VideoRow } from '../../resources/videos/types'

/** One top-10 card: rank, thumbnail, title, the card's figure and "add to compare". */
export function TopCard({
  title,
  videos,
  figure,
  loading,
  testId,
  extra,
}: {
  title: React.ReactNode
  videos: VideoRow[] | undefined
  figure: (video: VideoRow) => React.ReactNode
  loading: boolean
  testId: string
  extra?: React.ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Card
      title={title}
      extra={extra}
      size="small"
      loading={loading && !videos}
      data-testid={testId}
      styles={{ body: { padding: '4px 12px', maxHeight: 560, overflowY: 'auto' } }}
    >
      {videos && !videos.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('videos.cards.empty')} />
      ) : (
        <List
          dataSource={videos ?? []}
          split
          renderItem={(video, index) => (
            <List.Item style={{ padding: '8px 0' }} data-testid={`${testId}-item`}>
              <div style={{ display: 'flex', alignItems: 'flex-start', gap: 10, width: '100%' }}>
                <Typography.Text strong style={{ width: 20, textAlign: 'right', flex: 'none' }}>
                  {index + 1}
                </Typography.Text>
                <VideoThumb video={video} width={72} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <VideoTitle video={video} />
                </div>
                <Space direction="vertical" size={4} align="end" style={{ flex: 'none' }}>
                  <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                    {figure(video)}
                  </Typography.Text>
                  <CompareToggle id={video.id} />
                </Space>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}

/** Weekly rapid rise: the week's gain, or its rate over the views before. */
export function WeeklyCard({
  gain,
  rate,
  loading,
  mode,
  onMode,
}: {
  gain: VideoRow[] | undefined
  rate: VideoRow[] | undefined
  loading: boolean
  mode: 'gain' | 'rate'
  onMode: (mode: 'gain' | 'rate') => void
}) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  return (
    <TopCard
      title={t(mode === 'gain' ? 'videos.cards.weekly' : 'videos.cards.weekly_rate')}
      videos={mode === 'gain' ? gain : rate}
      loading={loading}
      testId="video-top-weekly"
      extra={
        <Segmented
          size="small"
          value={mode}
          onChange={(value) => onMode(value as 'gain' | 'rate')}
          options={[
            {
              value: 'gain',
              label: <span data-testid="weekly-mode-gain">{t('videos.cards.by_gain')}</span>,
            },
            {
              value: 'rate',
              label: <span data-testid="weekly-mode-rate">{t('videos.cards.by_rate')}</span>,
            },
          ]}
        />
      }
      figure={(video) =>
        mode === 'gain' ? format.signedCompact(video.views_week) : format.percent(video.rate ?? 0)
      }
    />
  )
}
