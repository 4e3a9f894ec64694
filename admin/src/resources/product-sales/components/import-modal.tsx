import { useState } from 'react'
import { useCustomMutation, type HttpError } from '@refinedev/core'
import { App, Alert, Button, Modal, Space, Table, Upload } from 'antd'
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { downloadFile, fileBody } from '../../../lib/download'

interface RowError {
  row: number
  column: string
  message: string
}

/** Excel import of product sales: template, upload, all-or-nothing with errors by row and column. */
export function ImportModal({
  open,
  onClose,
}: {
  open: boolean
  onClose: (imported: boolean) => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [errors, setErrors] = useState<RowError[]>([])
  const [result, setResult] = useState<{ created: number; updated: number } | null>(null)
  const { mutate: importFile, mutation } = useCustomMutation<{ created: number; updated: number }>()
  const uploading = mutation.isPending

  const template = () =>
    downloadFile('/api/products/sales/template', 'product-sales-template.xlsx').catch(
      (error: HttpError) => message.error(error?.message || t('errors.request_failed'))
    )

  const upload = (file: File) => {
    setErrors([])
    setResult(null)
    const body = fileBody(file)
    importFile(
      {
        url: '/api/products/sales/import',
        method: 'post',
        values: body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setResult(data)
          message.success(
            String(t('commerce.import_done', { created: data.created, updated: data.updated }))
          )
        },
        onError: (error) => {
          setErrors((error?.data as { errors?: RowError[] } | undefined)?.errors ?? [])
          message.error(error?.message || t('errors.request_failed'))
        },
      }
    )
  }

  return (
    <Modal
      open={open}
      title={t('commerce.import')}
      footer={<Button onClick={() => onClose(result !== null)}>{t('commerce.close')}</Button>}
      onCancel={() => onClose(result !== null)}
      width={720}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message={t('commerce.import_help')}
          action={
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void template()}>
              {t('commerce.template')}
            </Button>
          }
        />
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(file) => {
            upload(file)
            return false
          }}
          data-testid="sale-import-drop"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{uploading ? t('commerce.importing') : t('commerce.drop')}</p>
        </Upload.Dragger>
        {result && (
          <Alert
            type="success"
            showIcon
            message={t('commerce.import_done', {
              created: result.created,
              updated: result.updated,
            })}
            data-testid="sale-import-result"
          />
        )}
        {errors.length > 0 && (
          <Table<RowError>
            size="small"
            rowKey={(row) => `${row.row}-${row.column}`}
            dataSource={errors}
            pagination={{ pageSize: 8 }}
            data-testid="sale-import-errors"
          >
            <Table.Column<RowError> dataIndex="row" title={t('commerce.row')} width={70} />
            <Table.Column<RowError> dataIndex="column" title={t('commerce.column')} width={130} />
            <Table.Column<RowError> dataIndex="message" title={t('commerce.problem')} />
          </Table>
        )}
      </Space>
    </Modal>
  )
}
