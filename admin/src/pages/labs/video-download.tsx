import { useState } from 'react'
import { useCustom, useCustomMutation } from '@refinedev/core'
import { Alert, Button, Input, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { youtubeVideoId, type LabsJobStatus } from '@shared/labs_downloads'
import { downloadFile } from '../../lib/download'
import { formatDate } from '../../lib/format'

/*
| Labs › YouTube download: a link (youtube.com/watch?v=, youtu.be/,
| /shorts/ — checked here and on the server) is saved to storage by the
| server's downloader; the list shows every download with its progress
| (asked every second while one is in hand), the saved file to download, and
| the failure in plain words when the downloader or the network is missing.
*/

interface VideoDownload {
  id: number
  video_id: string
  link: string
  status: LabsJobStatus
  percent: number
  bytes: number
  total_bytes: number | null
  file_name: string | null
  message: string | null
  requested_by: string | null
  may_delete: boolean
  created_at: string
}

const POLL_MS = 1000
const inHand = (rows: VideoDownload[] | undefined) =>
  (rows ?? []).some((row) => row.status === 'queued' || row.status === 'running')

function size(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

const STATUS_COLOURS: Record<LabsJobStatus, string> = {
  queued: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
}

export default function VideoDownload() {
  const { t } = useTranslation()
  const [link, setLink] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const { query } = useCustom<VideoDownload[]>({
    url: '/api/labs/video_downloads',
    method: 'get',
    config: { query: { _start: 0, _end: 50 } },
    queryOptions: {
      refetchInterval: (current) => (inHand(current.state.data?.data) ? POLL_MS : false),
    },
    errorNotification: false,
  })
  const rows = query.data?.data ?? []
  const { mutate: send, mutation } = useCustomMutation<VideoDownload & { created: boolean }>()
  const { mutate: remove } = useCustomMutation()

  const submit = () => {
    setProblem(null)
    setNotice(null)
    if (!youtubeVideoId(link)) {
      setProblem(t('labs.video.not_youtube'))
      return
    }
    send(
      {
        url: '/api/labs/video_downloads',
        method: 'post',
        values: { link: link.trim() },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setLink('')
          if (!data.created) setNotice(t('labs.video.already', { id: data.video_id }))
          void query.refetch()
        },
        onError: (error) => setProblem(error.message),
      }
    )
  }

  const drop = (row: VideoDownload) =>
    remove(
      {
        url: `/api/labs/video_downloads/${row.id}`,
        method: 'delete',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => void query.refetch(),
        onError: (error) => setProblem(error.message),
      }
    )

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('labs.video.help')}
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
        <Input
          value={link}
          onChange={(event) => setLink(event.target.value)}
          onPressEnter={submit}
          placeholder="https://www.youtube.com/watch?v=…"
          aria-label={t('labs.video.link')}
          data-testid="labs-video-link"
        />
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={mutation.isPending}
          onClick={submit}
          data-testid="labs-video-submit"
        >
          {t('labs.video.submit')}
        </Button>
      </Space.Compact>
      {problem && (
        <Alert type="error" showIcon message={problem} data-testid="labs-video-problem" />
      )}
      {notice && <Alert type="info" showIcon message={notice} />}
      <Table<VideoDownload>
        rowKey="id"
        size="small"
        dataSource={rows}
        loading={query.isLoading}
        pagination={false}
        locale={{ emptyText: t('labs.video.empty') }}
        data-testid="labs-video-list"
        columns={[
          {
            title: t('labs.video.columns.video'),
            dataIndex: 'file_name',
            render: (_value, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{row.file_name ?? row.video_id}</Typography.Text>
                <Typography.Link href={row.link} target="_blank" rel="noreferrer" type="secondary">
                  {row.link}
                </Typography.Link>
              </Space>
            ),
          },
          {
            title: t('labs.video.columns.status'),
            dataIndex: 'status',
            width: 300,
            render: (_value, row) => (
              <Space direction="vertical" size={2} style={{ width: '100%' }}>
                <Tag color={STATUS_COLOURS[row.status]}>{t(`labs.video.status.${row.status}`)}</Tag>
                {row.status === 'running' && <Progress percent={row.percent} size="small" />}
                {row.status === 'failed' && row.message && (
                  <Typography.Text type="danger">{row.message}</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('labs.video.columns.size'),
            dataIndex: 'bytes',
            width: 110,
            render: (bytes: number) => (bytes ? size(bytes) : '—'),
          },
          {
            title: t('labs.video.columns.requested'),
            dataIndex: 'requested_by',
            width: 200,
            render: (name: string | null, row) => (
              <Space direction="vertical" size={0}>
                <span>{name ?? '—'}</span>
                <Typography.Text type="secondary">
                  {formatDate(row.created_at, true)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 200,
            render: (_value, row) => (
              <Space>
                {row.status === 'completed' && (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      downloadFile(
                        `/api/labs/video_downloads/${row.id}/file`,
                        row.file_name ?? `${row.video_id}.mp4`
                      ).catch((error) => setProblem(error?.message ?? ''))
                    }
                  >
                    {t('labs.video.file')}
                  </Button>
                )}
                {row.may_delete && (
                  <Popconfirm title={t('labs.video.delete_confirm')} onConfirm={() => drop(row)}>
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('labs.video.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  )
}
