import { useState, type ReactNode } from 'react'
import { useCustomMutation } from '@refinedev/core'
import { App, Alert, Button, Modal, Space, Table, Upload } from 'antd'
import { InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { fileBody } from '../lib/download'
import { ImportWarnings, type ImportWarning } from './import-warnings'

/** A row of an uploaded workbook the import refused, by column. */
interface RowError {
  row: number
  column: string
  message: string
}

/** The answer of a workbook import (and the data of a refused one). */
interface ImportAnswer {
  created: number
  updated: number
  unchanged: number
  errors?: RowError[]
  warnings?: ImportWarning[]
}

/**
 * A workbook import in a modal: what the workbook holds, a drop zone that
 * sends the file (with `fields`), the answer's counts, the titles read
 * otherwise and the refused rows by row and column. Nothing is saved while a
 * row has a problem (the API's rule); `onClose` gets the last answer.
 */
export function WorkbookImportModal({
  open,
  title,
  help,
  url,
  fields,
  drop,
  done,
  options,
  closeText,
  testId,
  onClose,
}: {
  open: boolean
  title: ReactNode
  /** The info line above the drop zone (and its template button, where there is one). */
  help: { message: ReactNode; action?: ReactNode }
  url: string
  /** Form fields sent with the file. */
  fields?: () => Record<string, string>
  /** The drop zone's words. */
  drop: string
  /** The words of an answer's counts. */
  done: (answer: ImportAnswer) => string
  /** Choices over the drop zone (a check-only switch). */
  options?: ReactNode
  /** A Close button under the modal, where it has one. */
  closeText?: string
  testId: string
  onClose: (answer: ImportAnswer | null) => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [answer, setAnswer] = useState<ImportAnswer | null>(null)
  const [refused, setRefused] = useState<Partial<ImportAnswer> | null>(null)
  const { mutate, mutation } = useCustomMutation<ImportAnswer>()
  const uploading = mutation.isPending
  const warnings = answer?.warnings ?? refused?.warnings ?? []
  const errors = refused?.errors ?? []

  const upload = (file: File) => {
    setAnswer(null)
    setRefused(null)
    const body = fileBody(file)
    for (const [field, value] of Object.entries(fields?.() ?? {})) body.append(field, value)
    mutate(
      { url, method: 'post', values: body, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => {
          setAnswer(data)
          void message.success(done(data))
        },
        onError: (error) => {
          setRefused((error?.data as Partial<ImportAnswer> | undefined) ?? null)
          void message.error(error?.message || t('errors.request_failed'))
        },
      }
    )
    return false
  }
  const close = () => onClose(answer)

  return (
    <Modal
      open={open}
      title={title}
      footer={closeText ? <Button onClick={close}>{closeText}</Button> : null}
      onCancel={close}
      width={720}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={help.message} action={help.action} />
        {options}
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          disabled={uploading}
          beforeUpload={upload}
          data-testid={`${testId}-drop`}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{uploading ? t('workbook.importing') : drop}</p>
        </Upload.Dragger>
        {answer && (
          <Alert type="success" showIcon message={done(answer)} data-testid={`${testId}-result`} />
        )}
        <ImportWarnings warnings={warnings} testId={`${testId}-warnings`} />
        {errors.length > 0 && (
          <Table<RowError>
            size="small"
            rowKey={(row) => `${row.row}-${row.column}`}
            dataSource={errors}
            pagination={{ pageSize: 10 }}
            data-testid={`${testId}-errors`}
            columns={[
              { dataIndex: 'row', title: t('workbook.row'), width: 70 },
              { dataIndex: 'column', title: t('workbook.column'), width: 130 },
              { dataIndex: 'message', title: t('workbook.problem') },
            ]}
          />
        )}
      </Space>
    </Modal>
  )
}
