import { useMemo } from 'react'
import { useCustom } from '@refinedev/core'
import { Button, Card, Col, Row, Statistic, Typography } from 'antd'
import { RocketOutlined } from '@ant-design/icons'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/page-frame'
import { useApiQuery } from '../../lib/use-api-query'
import { useNumberFormat } from '../../lib/format'
import { Launchpad } from './launchpad'
import { UploadLists } from './upload-lists'
import type { UploadStats, UploadTaskRow } from './types'

/** The lists poll this often while a platform is still working, and this often otherwise. */
const POLL_BUSY_MS = 2_000
const POLL_IDLE_MS = 30_000
/** The newest tasks the lists show. */
const RECENT_TASKS = 50

const MAIN_PATH = '/app/upload_main'
const STATION_PATH = '/app/upload_main/upload_station'

/**
 * /app/upload_main and /app/upload_main/upload_station (SPEC §2 'Video
 * Upload Station'): the upload stats, the launchpad (open at
 * upload_station, closed at upload_main), the waiting list and the result
 * list, which follow every platform live.
 */
function UploadStation() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const navigate = useNavigate()
  const open = useLocation().pathname.replace(/\/+$/, '') === STATION_PATH

  const { query: records } = useCustom<{ items: UploadTaskRow[]; total: number }>({
    url: '/api/video/upload_record',
    method: 'get',
    config: { query: { _start: 0, _end: RECENT_TASKS } },
    errorNotification: false,
    queryOptions: {
      placeholderData: (previous) => previous,
      refetchInterval: (query) =>
        query.state.data?.data.items.some((task) => task.status === 'running')
          ? POLL_BUSY_MS
          : POLL_IDLE_MS,
      refetchIntervalInBackground: false,
    },
  })
  const tasks = useMemo(() => records.data?.data.items ?? [], [records.data])
  const finished = tasks.filter((task) => task.status !== 'running').length
  const stats = useApiQuery<UploadStats>('/api/creator/v2/uploads', {}, { version: finished })

  const figures: { key: keyof UploadStats; value: number | undefined }[] = [
    { key: 'total_uploads', value: stats.data?.total_uploads },
    { key: 'uploads_last_7_days', value: stats.data?.uploads_last_7_days },
    { key: 'deleted_videos', value: stats.data?.deleted_videos },
    { key: 'average_views', value: stats.data?.average_views },
  ]

  return (
    <PageFrame
      testId="upload-station"
      title={t('uploads.station.title')}
      extra={
        !open && (
          <Button
            type="primary"
            icon={<RocketOutlined />}
            onClick={() => navigate(STATION_PATH)}
            data-testid="launchpad-open"
          >
            {t('uploads.station.open')}
          </Button>
        )
      }
    >
      <Row gutter={[16, 16]} data-testid="upload-stats">
        {figures.map(({ key, value }) => (
          <Col key={key} xs={12} lg={6}>
            <Card size="small" loading={stats.loading}>
              <Statistic
                title={t(`uploads.station.stats.${key}`)}
                value={value ?? 0}
                formatter={(shown) => number.format(Number(shown))}
              />
            </Card>
          </Col>
        ))}
      </Row>
      {stats.error && <Typography.Text type="danger">{stats.error}</Typography.Text>}
      {open && (
        <Launchpad onClose={() => navigate(MAIN_PATH)} onSubmitted={() => void records.refetch()} />
      )}
      <UploadLists
        tasks={tasks}
        loading={records.isLoading}
        error={records.isError ? records.error?.message || 'error' : null}
      />
    </PageFrame>
  )
}

export default UploadStation
