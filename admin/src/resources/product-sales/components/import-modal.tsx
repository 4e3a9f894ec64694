import type { HttpError } from '@refinedev/core'
import { App, Button } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { downloadFile } from '../../../lib/download'
import { WorkbookImportModal } from '../../../components/workbook-import'

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
  const template = () =>
    downloadFile('/api/products/sales/template', 'product-sales-template.xlsx').catch(
      (error: HttpError) => message.error(error?.message || t('errors.request_failed'))
    )
  return (
    <WorkbookImportModal
      open={open}
      title={t('commerce.import')}
      help={{
        message: t('commerce.import_help'),
        action: (
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void template()}>
            {t('commerce.template')}
          </Button>
        ),
      }}
      url="/api/products/sales/import"
      drop={t('commerce.drop')}
      done={(answer) =>
        t('workbook.sales_done', {
          created: answer.created,
          updated: answer.updated,
          unchanged: answer.unchanged ?? 0,
        })
      }
      closeText={t('commerce.close')}
      testId="sale-import"
      onClose={(answer) => onClose(answer !== null)}
    />
  )
}
