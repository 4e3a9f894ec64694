import { useState } from 'react'
import { App, Alert, Button, Modal, Space, Table, Upload } from 'antd'
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { api } from '../../../providers/http'

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
  const [uploading, setUploading] = useState(false)

  const template = async () => {
    const response = await api.get('/api/products/sales/template', { responseType: 'blob' })
    const url = URL.createObjectURL(response.data as Blob)
    const link = document.createElement('a')
    link.href = url
    link.download = 'product-sales-template.xlsx'
    link.click()
    URL.revokeObjectURL(url)
  }

  const upload = async (file: File) => {
    setUploading(true)
    setErrors([])
    setResult(null)
    try {
      const body = new FormData()
      body.append('file', file)
      const response = await api.post('/api/products/sales/import', body)
      setResult(response.data.data)
      message.success(
        String(
          t('commerce.import_done', {
            created: response.data.data.created,
            updated: response.data.data.updated,
          })
        )
      )
    } catch (error: any) {
      const rows: RowError[] = error?.response?.data?.data?.errors ?? []
      setErrors(rows)
      message.error(error?.message || t('errors.request_failed'))
    } finally {
      setUploading(false)
    }
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
            void upload(file)
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
