import { Button, Segmented, Space, Tag, Tooltip, Typography } from 'antd'
import { CheckOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { VIDEO_METRICS, type VideoMetric } from '@shared/videos'
import { PlatformLogo } from '../../components/platform-badge'
import { useCompareBasket } from './compare-basket'
import type { VideoRow } from './types'

/** Where a video's page is. */
export const videoPath = (id: number) => `/app/video_detailSection?id=${id}`
/** Where the compare of these videos is. */
const comparePath = (ids: readonly number[]) =>
  `/app/video_compare${ids.length ? `?ids=${ids.join(',')}` : ''}`

/** A video's thumbnail, or a grey placeholder when the platform gave none. */
export function VideoThumb({ video, width = 96 }: { video: VideoRow; width?: number }) {
  const { t } = useTranslation()
  const height = Math.round((width * 9) / 16)
  const frame: React.CSSProperties = {
    width,
    height,
    borderRadius: 4,
    flex: 'none',
    objectFit: 'cover',
    background: '#f0f0f0',
  }
  if (!video.thumbnail_url) {
    return (
      <span
        role="img"
        aria-label={t('videos.list.thumbnail')}
        style={{ ...frame, display: 'inline-grid', placeItems: 'center', color: '#bfbfbf' }}
      >
        <PictureOutlined />
      </span>
    )
  }
  return (
    <img
      src={video.thumbnail_url}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      style={frame}
    />
  )
}

/** The title (to the video's page), its platform and creator, and a deleted mark. */
export function VideoTitle({ video, lines = 2 }: { video: VideoRow; lines?: number }) {
  const { t } = useTranslation()
  return (
    <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
      <Link to={videoPath(video.id)} data-testid={`video-link-${video.id}`}>
        <Typography.Paragraph
          ellipsis={{ rows: lines, tooltip: video.title }}
          style={{ margin: 0, fontWeight: 500, color: 'inherit' }}
        >
          {video.title}
        </Typography.Paragraph>
      </Link>
      <Space size={6} wrap>
        <PlatformLogo platform={video.platform} size={14} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {video.creator.channel_name ?? video.creator.brand_no}
        </Typography.Text>
        {video.deleted_on && (
          <Tag color="default" style={{ marginInlineEnd: 0 }}>
            {t('videos.fields.deleted_on', { day: video.deleted_on })}
          </Tag>
        )}
      </Space>
    </Space>
  )
}

/** The small switch of the counter a video chart draws (views, likes, comments…). */
export function MetricSwitch({
  value,
  onChange,
}: {
  value: VideoMetric
  onChange: (metric: VideoMetric) => void
}) {
  const { t } = useTranslation()
  return (
    <Segmented
      size="small"
      value={value}
      onChange={(metric) => onChange(metric as VideoMetric)}
      options={VIDEO_METRICS.map((key) => ({ value: key, label: t(`videos.fields.${key}`) }))}
    />
  )
}

/** "Add to compare" (or "in compare", which takes it out again). */
export function CompareToggle({ id, block = false }: { id: number; block?: boolean }) {
  const { t } = useTranslation()
  const basket = useCompareBasket()
  const inside = basket.has(id)
  return (
    <Tooltip title={inside ? t('videos.compare.remove') : undefined}>
      <Button
        size="small"
        block={block}
        type={inside ? 'primary' : 'default'}
        ghost={inside}
        icon={inside ? <CheckOutlined /> : <PlusOutlined />}
        onClick={() => (inside ? basket.remove(id) : basket.add(id))}
        data-testid={`compare-toggle-${id}`}
      >
        {inside ? t('videos.compare.added') : t('videos.compare.add')}
      </Button>
    </Tooltip>
  )
}

/** The way to the compare screen, with how many videos are picked. */
export function CompareLink() {
  const { t } = useTranslation()
  const basket = useCompareBasket()
  return (
    <Link to={comparePath(basket.ids)} data-testid="compare-open">
      <Button disabled={!basket.ids.length}>
        {t('videos.compare.open', { count: basket.ids.length, max: basket.max })}
      </Button>
    </Link>
  )
}
