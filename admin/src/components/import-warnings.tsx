import { Alert, Table } from 'antd'
import { useTranslation } from 'react-i18next'

/** A title of an imported workbook that was read as another column, or not read (API answer). */
export interface ImportWarning {
  kind: 'alias' | 'near' | 'unknown' | 'duplicate'
  column: string
  title: string
  meant: string | null
  message: string
}

/**
 * The titles of an uploaded workbook the import read otherwise or left out,
 * by column, in the reader's language (the messages come from the API).
 * Shown by every workbook import screen; nothing when there are none.
 */
export function ImportWarnings({
  warnings,
  testId = 'import-warnings',
}: {
  warnings: ImportWarning[] | undefined
  testId?: string
}) {
  const { t } = useTranslation()
  if (!warnings?.length) return null
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={testId}
      message={t('workbook.warnings_title')}
      description={
        <Table<ImportWarning>
          size="small"
          rowKey={(row) => `${row.column}-${row.kind}`}
          dataSource={warnings}
          pagination={{ pageSize: 6, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { dataIndex: 'column', title: t('workbook.column'), width: 70 },
            { dataIndex: 'title', title: t('workbook.title'), width: 160 },
            { dataIndex: 'message', title: t('workbook.message') },
          ]}
        />
      }
    />
  )
}
