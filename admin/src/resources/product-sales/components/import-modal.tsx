import { useState } from 'react'
import { useCustomMutation, type HttpError } from '@refinedev/core'
import { App, Alert, Button, Modal, Space, Table, Upload } from 'antd'
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { downloadFile, fileBody } from '../../../lib/download'
import { ImportWarnings, type ImportWarning } from '../../../components/import-warnings'

interface RowError {
  row: number
  column: string
  message: string
}

/** The answer of an import (and the data of a refused one). */
interface ImportResult {
  created: number
  updated: number
  unchanged: number
  errors?: RowError[]
  warnings?: ImportWarning[]
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
  const [result, setResult] = useState<ImportResult | null>(null)
  const [warnings, setWarnings] = useState<ImportWarning[]>([])
  const { mutate: importFile, mutation } = useCustomMutation<ImportResult>()
  const uploading = mutation.isPending

  const template = () =>
    downloadFile('/api/products/sales/template', 'product-sales-template.xlsx').catch(
      (error: HttpError) => message.error(error?.message || t('errors.request_failed'))
    )

  const upload = (file: File) => {
    setErrors([])
    setWarnings([])
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
          setWarnings(data.warnings ?? [])
          message.success(
            String(
              t('workbook.sales_done', {
                created: data.created,
                updated: data.updated,
                unchanged: data.unchanged ?? 0,
              })
            )
          )
        },
        onError: (error) => {
          const refused = error?.data as Partial<ImportResult> | undefined
          setErrors(refused?.errors ?? [])
          setWarnings(refused?.warnings ?? [])
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
            message={t('workbook.sales_done', {
              created: result.created,
              updated: result.updated,
              unchanged: result.unchanged ?? 0,
            })}
            data-testid="sale-import-result"
          />
        )}
        <ImportWarnings warnings={warnings} testId="sale-import-warnings" />
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
