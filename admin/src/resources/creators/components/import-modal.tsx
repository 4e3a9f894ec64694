import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd'
import { InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCustom, useCustomMutation } from '@refinedev/core'
import type { HttpUploadProgress } from '../../../providers/http'
import type { CreatorImport } from '../types'
import { fileBody } from '../../../lib/download'
import { ImportWarnings } from '../../../components/import-warnings'

const MAX_BYTES = 20 * 1024 * 1024
const POLL_MS = 1000
const FINISHED = new Set(['done', 'finished', 'completed', 'succeeded', 'failed', 'error'])

function isFinished(job: CreatorImport | null) {
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
  const [step, setStep] = useState<'idle' | 'uploading' | 'processing'>('idle')
  const [uploadPercent, setUploadPercent] = useState(0)
  const [importId, setImportId] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const imported = useRef<number | null>(null)
  const { mutate: send } = useCustomMutation<{ id: number }>()
  // The import's progress, asked every second until its rows are processed.
  const { query } = useCustom<CreatorImport>({
    url: `/api/creators/imports/${importId}`,
    method: 'get',
    queryOptions: {
      enabled: importId !== null,
      refetchInterval: (current) =>
        isFinished(current.state.data?.data ?? null) || current.state.error ? false : POLL_MS,
      retry: false,
    },
    errorNotification: false,
  })
  const job = importId !== null ? (query.data?.data ?? null) : null
  const failedToFollow = importId !== null && query.isError
  const phase: Phase =
    step === 'processing' && (isFinished(job) || failedToFollow) ? 'finished' : step

  useEffect(() => {
    if (!job || !isFinished(job) || imported.current === job.id) return
    if (job.created_count + job.updated_count > 0) {
      imported.current = job.id
      onImported()
    }
  }, [job, onImported])

  const reset = () => {
    setStep('idle')
    setUploadPercent(0)
    setImportId(null)
    setProblem(null)
  }

  const upload = (file: File) => {
    reset()
    if (!/\.xlsx$/i.test(file.name)) {
      setProblem(t('creators.import.only_xlsx'))
      return
    }
    if (file.size > MAX_BYTES) {
      setProblem(t('creators.import.too_large', { max: 20 }))
      return
    }
    setStep('uploading')
    const body = fileBody(file)
    send(
      {
        url: '/api/creators/imports',
        method: 'post',
        values: body,
        meta: {
          onUploadProgress: (event: HttpUploadProgress) =>
            setUploadPercent(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setUploadPercent(100)
          setStep('processing')
          setImportId(data.id)
        },
        onError: (error) => {
          setProblem(error.message || t('creators.import.upload_failed'))
          setStep('idle')
        },
      }
    )
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
          customRequest={({ file }) => upload(file as File)}
          data-testid="import-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('creators.import.drop')}</p>
          <p className="ant-upload-hint">{t('creators.import.hint', { max: 20 })}</p>
        </Upload.Dragger>
        {(problem || failedToFollow) && (
          <Alert
            type="error"
            showIcon
            message={problem ?? (query.error?.message || t('errors.request_failed'))}
            data-testid="import-problem"
          />
        )}
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
            description={t('workbook.counts', {
              created: job.created_count,
              updated: job.updated_count,
              unchanged: job.unchanged_count ?? 0,
              errors: errors.length,
            })}
          />
        )}
        {phase === 'finished' && job && <ImportWarnings warnings={job.warnings} />}
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
