import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd'
import { InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { api } from '../../../providers/http'
import { failureOf, unwrap } from '../../../lib/http'
import type { CreatorImport } from '../types'

const MAX_BYTES = 20 * 1024 * 1024
const POLL_MS = 1000
const FINISHED = new Set(['done', 'finished', 'completed', 'succeeded', 'failed', 'error'])

export function isFinished(job: CreatorImport | null) {
  return Boolean(job && (job.finished_at || FINISHED.has(job.status)))
}

type Phase = 'idle' | 'uploading' | 'processing' | 'finished'

/**
 * Import of the Excel template: upload (with its progress) to
 * POST /api/creators/imports, then GET /api/creators/imports/:id every
 * second until the rows are processed; the counts, or the errors by row and
 * column, when it ends.
 */
export function ImportModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean
  onClose: () => void
  onImported: () => void
}) {
  const { t } = useTranslation()
  const [phase, setPhase] = useState<Phase>('idle')
  const [uploadPercent, setUploadPercent] = useState(0)
  const [importId, setImportId] = useState<number | null>(null)
  const [job, setJob] = useState<CreatorImport | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const imported = useRef(false)
  const onImportedRef = useRef(onImported)
  useEffect(() => {
    onImportedRef.current = onImported
  }, [onImported])

  const reset = () => {
    setPhase('idle')
    setUploadPercent(0)
    setImportId(null)
    setJob(null)
    setProblem(null)
    imported.current = false
  }

  useEffect(() => {
    if (importId === null) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const response = await api.get(`/api/creators/imports/${importId}`)
        if (stopped) return
        const next = unwrap<CreatorImport>(response.data)
        setJob(next)
        if (isFinished(next)) {
          setPhase('finished')
          if (!imported.current && next.created_count + next.updated_count > 0) {
            imported.current = true
            onImportedRef.current()
          }
          return
        }
      } catch (error) {
        if (stopped) return
        setProblem(failureOf(error).message || t('errors.request_failed'))
        setPhase('finished')
        return
      }
      timer = setTimeout(poll, POLL_MS)
    }
    timer = setTimeout(poll, POLL_MS)
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [importId, t])

  const upload = async (file: File) => {
    reset()
    if (!/\.xlsx$/i.test(file.name)) {
      setProblem(t('creators.import.only_xlsx'))
      return
    }
    if (file.size > MAX_BYTES) {
      setProblem(t('creators.import.too_large', { max: 20 }))
      return
    }
    setPhase('uploading')
    const body = new FormData()
    body.append('file', file)
    try {
      const response = await api.post('/api/creators/imports', body, {
        onUploadProgress: (event) =>
          setUploadPercent(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
      })
      const data = unwrap<{ id: number }>(response.data)
      setUploadPercent(100)
      setPhase('processing')
      setImportId(data.id)
    } catch (error) {
      setProblem(failureOf(error).message || t('creators.import.upload_failed'))
      setPhase('idle')
    }
  }

  const close = () => {
    if (phase !== 'uploading' && phase !== 'processing') reset()
    onClose()
  }

  const total = job?.total_rows ?? 0
  const processed = job?.processed_rows ?? 0
  const percent =
    phase === 'finished' ? 100 : total ? Math.min(99, Math.round((processed / total) * 100)) : 0
  const errors = job?.errors ?? []
  const busy = phase === 'uploading' || phase === 'processing'

  return (
    <Modal
      open={open}
      title={t('creators.import.title')}
      onCancel={close}
      width={720}
      footer={
        <Space>
          {phase === 'finished' && <Button onClick={reset}>{t('creators.import.another')}</Button>}
          <Button type="primary" onClick={close}>
            {t('creators.import.close')}
          </Button>
        </Space>
      }
      data-testid="import-modal"
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('creators.import.help')}
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          customRequest={({ file }) => void upload(file as File)}
          data-testid="import-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('creators.import.drop')}</p>
          <p className="ant-upload-hint">{t('creators.import.hint', { max: 20 })}</p>
        </Upload.Dragger>
        {problem && <Alert type="error" showIcon message={problem} data-testid="import-problem" />}
        {phase === 'uploading' && (
          <div>
            <Typography.Text>{t('creators.import.uploading')}</Typography.Text>
            <Progress percent={uploadPercent} status="active" />
          </div>
        )}
        {(phase === 'processing' || phase === 'finished') && job !== null && (
          <div data-testid="import-progress">
            <Typography.Text>
              {t('creators.import.processed', { processed, total })}
            </Typography.Text>
            <Progress
              percent={percent}
              status={
                phase === 'finished'
                  ? errors.length || job.status === 'failed'
                    ? 'exception'
                    : 'success'
                  : 'active'
              }
            />
          </div>
        )}
        {phase === 'processing' && job === null && <Progress percent={0} status="active" />}
        {phase === 'finished' && job && (
          <Alert
            type={errors.length ? 'warning' : 'success'}
            showIcon
            data-testid="import-result"
            message={t(
              errors.length ? 'creators.import.finished_with_errors' : 'creators.import.finished'
            )}
            description={t('creators.import.counts', {
              created: job.created_count,
              updated: job.updated_count,
              errors: errors.length,
            })}
          />
        )}
        {phase === 'finished' && errors.length > 0 && (
          <Table
            size="small"
            rowKey={(row, index) => `${row.row}-${row.column}-${index}`}
            dataSource={errors}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            data-testid="import-errors"
            columns={[
              { dataIndex: 'row', title: t('creators.import.row'), width: 80 },
              {
                dataIndex: 'column',
                title: t('creators.import.column'),
                width: 180,
                render: (value) => value || t('common.none'),
              },
              { dataIndex: 'message', title: t('creators.import.message') },
            ]}
          />
        )}
      </Space>
    </Modal>
  )
}
