import { useEffect, useState } from 'react'
import { Button, Progress, Space, Typography, Upload, type ProgressProps } from 'antd'
import {
  DeleteOutlined,
  FileImageOutlined,
  RedoOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNumberFormat } from '../../lib/format'
import { previewOf } from './file-checks'
import type { Transfer, TransferKind, TransferState } from './use-transfer'

const ACCEPT: Record<TransferKind, string> = {
  video: '.mp4,video/mp4',
  thumbnail: '.jpg,.jpeg,.png,image/jpeg,image/png',
}

/** The bar's look while a file is checked and sent, once it is sent, or when it failed. */
const PROGRESS_STATUS: Record<TransferState['status'], ProgressProps['status']> = {
  idle: 'active',
  checking: 'active',
  uploading: 'active',
  done: 'success',
  error: 'exception',
}

/** Bytes as MB with one decimal. */
const megabytes = (bytes: number) => bytes / (1024 * 1024)

/**
 * One of the station's two files: dropped or chosen, checked by its bytes,
 * sent with its progress; a transfer that continued an earlier one says
 * from where.
 */
export function FileDrop({ transfer }: { transfer: Transfer }) {
  const { kind, state } = transfer
  const { t } = useTranslation()
  const number = useNumberFormat()
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => {
    if (kind !== 'thumbnail' || !state.file || state.problem) return setPreview(null)
    const url = previewOf(state.file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [kind, state.file, state.problem])

  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0
  const size = (bytes: number) => number.format(Math.round(megabytes(bytes) * 10) / 10)

  return (
    <div data-testid={`file-${kind}`}>
      {!state.file ? (
        <Upload.Dragger
          accept={ACCEPT[kind]}
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void transfer.choose(file)
            return false
          }}
        >
          <p className="ant-upload-drag-icon">
            {kind === 'video' ? <VideoCameraOutlined /> : <FileImageOutlined />}
          </p>
          <p className="ant-upload-text">{t(`uploads.station.drop.${kind}`)}</p>
          <p className="ant-upload-hint">{t(`uploads.station.drop.${kind}_hint`)}</p>
        </Upload.Dragger>
      ) : (
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space align="start">
              {preview && (
                <img
                  src={preview}
                  alt=""
                  style={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 4 }}
                />
              )}
              <div>
                <Typography.Text strong ellipsis style={{ maxWidth: 260, display: 'block' }}>
                  {state.file.name}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('uploads.station.file_size', { size: size(state.total) })}
                  {state.durationS !== null &&
                    ` · ${t('uploads.station.duration', { seconds: number.format(Math.round(state.durationS)) })}`}
                </Typography.Text>
              </div>
            </Space>
            <Space size={4}>
              {state.status === 'error' && !state.problem && (
                <Button size="small" icon={<RedoOutlined />} onClick={transfer.retry}>
                  {t('uploads.station.retry')}
                </Button>
              )}
              <Button
                size="small"
                icon={<DeleteOutlined />}
                onClick={transfer.clear}
                aria-label={t('uploads.station.remove')}
              />
            </Space>
          </Space>
          {!state.problem && (
            <Progress
              percent={percent}
              size="small"
              status={PROGRESS_STATUS[state.status]}
              data-testid={`progress-${kind}`}
            />
          )}
          <Typography.Text
            type={state.status === 'error' ? 'danger' : 'secondary'}
            data-testid={`file-${kind}-status`}
          >
            {state.problem
              ? t(`uploads.files.${state.problem}`)
              : state.status === 'error'
                ? (state.error ?? t('uploads.errors.upload_failed'))
                : state.status === 'checking'
                  ? t('uploads.station.file_status.checking')
                  : state.status === 'done'
                    ? t('uploads.station.file_status.done')
                    : t('uploads.station.file_status.uploading', {
                        sent: size(state.sent),
                        total: size(state.total),
                      })}
            {state.resumedFrom !== null &&
              state.resumedFrom > 0 &&
              ` · ${t('uploads.station.file_status.resumed', { size: size(state.resumedFrom) })}`}
          </Typography.Text>
        </Space>
      )}
    </div>
  )
}
