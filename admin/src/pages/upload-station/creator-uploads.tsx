import { useMemo } from 'react'
import { CanAccess } from '@refinedev/core'
import { Button, Card, Col, List, Row, Statistic } from 'antd'
import { CloudUploadOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useApiQuery } from '../../lib/use-api-query'
import { useNumberFormat } from '../../lib/format'
import { TaskItem } from './upload-lists'
import type { UploadStats, UploadTaskRow } from './types'

/** How many of the creator's newest uploads the card lists. */
const RECENT = 5

function Uploads({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const params = useMemo(() => ({ creator_id: creatorId }), [creatorId])
  const listParams = useMemo(
    () => ({ creator_id: creatorId, _start: 0, _end: RECENT }),
    [creatorId]
  )
  const stats = useApiQuery<UploadStats>('/api/creator/v2/uploads', params)
  const records = useApiQuery<{ items: UploadTaskRow[]; total: number }>(
    '/api/video/creator_upload_list',
    listParams
  )
  const figures: (keyof UploadStats)[] = [
    'total_uploads',
    'uploads_last_7_days',
    'deleted_videos',
    'average_views',
  ]
  return (
    <Card
      title={t('uploads.station.creator_card')}
      data-testid="creator-uploads"
      extra={
        <Link to="/app/upload_main/upload_station">
          <Button size="small" icon={<CloudUploadOutlined />}>
            {t('uploads.station.open')}
          </Button>
        </Link>
      }
    >
      <Row gutter={[16, 8]}>
        {figures.map((key) => (
          <Col key={key} xs={12} md={6}>
            <Statistic
              title={t(`uploads.station.stats.${key}`)}
              value={stats.data?.[key] ?? 0}
              loading={stats.loading}
              formatter={(shown) => number.format(Number(shown))}
            />
          </Col>
        ))}
      </Row>
      <List
        loading={records.loading}
        dataSource={records.data?.items ?? []}
        locale={{ emptyText: t('uploads.station.results_empty') }}
        renderItem={(task) => <TaskItem task={task} />}
      />
    </Card>
  )
}

/**
 * A creator's uploads on the creator's page (SPEC §2 upload stats, §7
 * creator_upload_list and /api/creator/v2/uploads), for those who may use
 * the Upload Station.
 */
export function CreatorUploadsCard({ creatorId }: { creatorId: number }) {
  return (
    <CanAccess resource="upload" action="list">
      <Uploads creatorId={creatorId} />
    </CanAccess>
  )
}
