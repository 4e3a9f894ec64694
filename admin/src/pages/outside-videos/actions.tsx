import { useCustomMutation, useDelete, useInvalidate, useUpdate } from '@refinedev/core'
import { Button, Popconfirm, Space, Tooltip } from 'antd'
import {
  DeleteOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSaveFeedback } from '../../lib/feedback'
import type { OutsideVideoRow } from './types'

/** What the user may do to outside videos (OutsidePolicy, asked as the outside creators' resource). */
export interface OutsideVideoRights {
  create: boolean
  edit: boolean
  crawl: boolean
  delete: boolean
}

/**
 * Start / stop tracking, crawl now and delete, for one video (a list row or
 * the detail). `onChanged` hears after each one succeeded (the detail reads
 * itself again); the list is refreshed by Refine's own invalidation.
 */
export function VideoActions({
  video,
  can,
  onChanged,
  onDeleted,
  compact = false,
}: {
  video: Pick<OutsideVideoRow, 'id' | 'state' | 'crawling'>
  can: OutsideVideoRights
  onChanged?: () => void
  onDeleted?: () => void
  compact?: boolean
}) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const invalidate = useInvalidate()
  const { mutate: update, mutation: updating } = useUpdate()
  const { mutate: remove, mutation: removing } = useDelete()
  const { mutate: post, mutation: crawling } = useCustomMutation<{
    status: string
    error_message: string | null
  }>()
  const running = video.state === 'running'
  const size = compact ? 'small' : 'middle'

  const setState = () =>
    update(
      {
        resource: 'outside_videos',
        id: video.id,
        values: { state: running ? 'stopped' : 'running' },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          feedback.succeeded(t(running ? 'outside_videos.stopped' : 'outside_videos.started'))
          onChanged?.()
        },
        onError: feedback.failed,
      }
    )
  const crawl = () =>
    post(
      {
        url: `/api/outside_videos/${video.id}/crawl`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          if (data.status === 'failed') {
            feedback.failed({
              message: t('outside_videos.crawl_failed', { reason: data.error_message ?? '' }),
              statusCode: 200,
            })
          } else {
            feedback.succeeded(t(`outside_videos.crawl_done.${data.status}`))
          }
          void invalidate({ resource: 'outside_videos', invalidates: ['list'] })
          onChanged?.()
        },
        onError: feedback.failed,
      }
    )
  const destroy = () =>
    remove(
      {
        resource: 'outside_videos',
        id: video.id,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          feedback.succeeded(t('outside_videos.deleted'))
          onDeleted?.()
        },
        onError: feedback.failed,
      }
    )

  return (
    <Space size={4} onClick={(event) => event.stopPropagation()}>
      {can.crawl && (
        <Tooltip title={compact ? t('outside_videos.crawl_now') : undefined}>
          <Button
            size={size}
            icon={<SyncOutlined spin={crawling.isPending} />}
            disabled={crawling.isPending || video.crawling}
            onClick={crawl}
            data-testid={`outside-video-crawl-${video.id}`}
          >
            {compact ? null : t('outside_videos.crawl_now')}
          </Button>
        </Tooltip>
      )}
      {can.edit && (
        <Tooltip
          title={compact ? t(running ? 'outside_videos.stop' : 'outside_videos.start') : undefined}
        >
          <Button
            size={size}
            icon={running ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            loading={updating.isPending}
            onClick={setState}
            data-testid={`outside-video-state-${video.id}`}
          >
            {compact ? null : t(running ? 'outside_videos.stop' : 'outside_videos.start')}
          </Button>
        </Tooltip>
      )}
      {can.delete && (
        <Popconfirm
          title={t('outside_videos.delete_confirm')}
          okText={t('outside_videos.delete')}
          cancelText={t('buttons.cancel')}
          onConfirm={destroy}
        >
          <Tooltip title={compact ? t('outside_videos.delete') : undefined}>
            <Button
              size={size}
              danger
              icon={<DeleteOutlined />}
              loading={removing.isPending}
              data-testid={`outside-video-delete-${video.id}`}
            >
              {compact ? null : t('outside_videos.delete')}
            </Button>
          </Tooltip>
        </Popconfirm>
      )}
    </Space>
  )
}
