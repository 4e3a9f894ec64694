import { useMemo } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { VideoTable } from '../../videos/video-table'

/** The creator detail's video tab: the creator's videos in the video list, and a way to the full list. */
export function CreatorVideos({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation()
  const filters = useMemo(() => ({ creator_id: creatorId }), [creatorId])
  return (
    <VideoTable
      filters={filters}
      pageSize={10}
      testId="creator-videos"
      title={
        <Link
          to={`/app/creator_video_list?creator_id=${creatorId}`}
          data-testid="creator-videos-all"
        >
          {t('tracking.videos.open_list')}
        </Link>
      }
    />
  )
}
