import { useMemo } from 'react'
import { useOne } from '@refinedev/core'
import { Card, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/page-frame'
import { useCreatorSelect } from '../../lib/use-creator-select'
import { VideoTable } from '../../resources/videos/video-table'
import type { VideoFilters } from '../../resources/videos/types'
import { useVideoFilters, VideoFilterBar } from '../video-dashboard/filters'

/**
 * /app/creator_video_list (SPEC §2): one creator's videos — or every
 * creator's until one is picked — in the video list (paged, sortable, with
 * the video screens' filters and the Excel download), the choices kept in
 * the address (?creator_id=…&platform=…).
 */
function CreatorVideoList() {
  const { t } = useTranslation()
  const state = useVideoFilters()
  const creatorParam = Number(state.params.get('creator_id'))
  const creatorId = Number.isInteger(creatorParam) && creatorParam > 0 ? creatorParam : undefined
  // the picked creator's name, before any search lists it
  const { query: picked } = useOne<{ id: number; channel_name: string; brand_no: string }>({
    resource: 'creators',
    id: creatorId,
    queryOptions: { enabled: creatorId !== undefined },
    errorNotification: false,
  })
  const known = picked.data?.data
  const creatorSelect = useCreatorSelect({
    known:
      known && known.id === creatorId
        ? { id: known.id, name: `${known.channel_name} · ${known.brand_no}` }
        : null,
  })
  const filters = useMemo<VideoFilters>(
    () => ({ ...state.filters, creator_id: creatorId }),
    [state.filters, creatorId]
  )

  return (
    <PageFrame testId="creator-video-list" title={t('tracking.videos.title')}>
      <Card>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap size={[12, 8]}>
            <Select<number>
              {...creatorSelect}
              allowClear
              value={creatorId}
              placeholder={t('tracking.videos.all_creators')}
              aria-label={t('tracking.columns.creator')}
              style={{ width: 240 }}
              onChange={(value) => state.patch({ creator_id: value ? String(value) : null })}
              data-testid="video-list-creator"
            />
            <VideoFilterBar state={state} />
          </Space>
          <VideoTable filters={filters} testId="creator-video-table" />
        </Space>
      </Card>
    </PageFrame>
  )
}

export default CreatorVideoList
