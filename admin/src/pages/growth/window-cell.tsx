import { Space, Tag, Tooltip, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { VIDEO_METRICS } from '@shared/videos'
import { useDashboardFormat, useDateTimeFormat } from '../../lib/format'
import type { GrowthFlag, GrowthPoint } from './types'

/**
 * One window of a video on the board: its views when measured (late ones
 * with their real age), 'pending' until due, 'missed' when the video was
 * gone; green with an arrow up when it out-performs the creator's median,
 * red with an arrow down when it under-performs.
 */
export function WindowCell({ point, flag }: { point?: GrowthPoint; flag?: GrowthFlag }) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const dateTime = useDateTimeFormat()
  if (!point) return <Typography.Text type="secondary">—</Typography.Text>
  if (point.status === 'pending') {
    return (
      <Tooltip title={t('growth.due', { time: dateTime(point.due_at) })}>
        <Tag data-status="pending">{t('growth.status.pending')}</Tag>
      </Tooltip>
    )
  }
  if (point.status === 'missed') {
    return <Tag data-status="missed">{t('growth.status.missed')}</Tag>
  }
  const details = (
    <Space direction="vertical" size={0}>
      {VIDEO_METRICS.map((metric) => (
        <span key={metric}>
          {t(`growth.metrics.${metric}`)}: {format.format(point[metric])}
        </span>
      ))}
      <span>{t('growth.taken', { time: dateTime(point.taken_at) })}</span>
    </Space>
  )
  const type = flag?.flag === 'out' ? 'success' : flag?.flag === 'under' ? 'danger' : undefined
  return (
    <Tooltip title={details}>
      <Space direction="vertical" size={0} data-status={point.status}>
        <Typography.Text type={type} strong={Boolean(flag)} style={{ whiteSpace: 'nowrap' }}>
          {flag?.flag === 'out' && <ArrowUpOutlined />}
          {flag?.flag === 'under' && <ArrowDownOutlined />} {format.short(point.views)}
        </Typography.Text>
        {point.status === 'late' && (
          <Typography.Text type="warning" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('growth.status.late', { hours: point.age_hours })}
          </Typography.Text>
        )}
      </Space>
    </Tooltip>
  )
}

/** The flags of a video: which windows out- or under-perform, by how much. */
export function FlagTags({ flags }: { flags: GrowthFlag[] }) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  if (!flags.length) return <Typography.Text type="secondary">—</Typography.Text>
  return (
    <Space size={[4, 4]} wrap>
      {flags.map((flag) => (
        <Tooltip
          key={flag.window_hours}
          title={t('growth.flag_detail', {
            value: format.format(flag.value),
            median: format.format(flag.median),
            videos: flag.videos,
          })}
        >
          <Tag
            color={flag.flag === 'out' ? 'green' : 'red'}
            data-testid={`flag-${flag.flag}`}
            style={{ marginInlineEnd: 0 }}
          >
            {t(`growth.flag_tag.${flag.flag}`, { hours: flag.window_hours, ratio: flag.ratio })}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  )
}
