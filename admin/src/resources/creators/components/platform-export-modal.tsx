import { useState } from 'react'
import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd'
import { CloudUploadOutlined, InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCan, useCustomMutation, useInvalidate } from '@refinedev/core'
import dayjs from 'dayjs'
import { exportColumns, exportKindOf, PLATFORM_EXPORT_LIMITS } from '@shared/platform_exports'
import type { PlatformAccount } from '../types'
import { DAY } from '../../../lib/dates'
import { fileBody } from '../../../lib/download'
import { DayRangePicker } from '../../../components/day-range-picker'
import { ImportWarnings, type ImportWarning } from '../../../components/import-warnings'

/** What POST /api/creators/:id/accounts/:platform/imports answers. */
interface ExportImportResult {
  written: number
  replaced: number
  kept_collected: number
  outside_range: number
  error_rows: number
  first_written: string | null
  last_written: string | null
  kept_dates: string[]
  errors: { row: number; column: string; message: string }[]
  warnings: ImportWarning[]
}

/** The last 30 days up to yesterday. */
function defaultRange(): [string, string] {
  const end = dayjs().subtract(1, 'day')
  return [end.subtract(29, 'day').format(DAY), end.format(DAY)]
}

/**
 * The import of a platform's own creator-center export (Excel or CSV) into
 * one account's daily figures: choose the file and the days, upload, and see
 * what was written, what was kept because the daily collection had it, what
 * lay outside the days, and the rows that could not be read.
 */
function PlatformExportModal({
  creatorId,
  account,
  open,
  onClose,
}: {
  creatorId: number
  account: PlatformAccount
  open: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [range, setRange] = useState<[string, string]>(defaultRange)
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [result, setResult] = useState<ExportImportResult | null>(null)
  const invalidate = useInvalidate()
  const { mutate, mutation } = useCustomMutation<ExportImportResult>()
  const busy = mutation.isPending
  const titles = exportColumns(account.platform).filter((column) => column.key !== 'date')
  const platform = t(`enum.platform.${account.platform}`)

  const choose = (chosen: File) => {
    setResult(null)
    setProblem(null)
    if (!exportKindOf(chosen.name)) {
      setFile(null)
      setProblem(t('metric_imports.only_kinds'))
    } else if (chosen.size > PLATFORM_EXPORT_LIMITS.maxBytes) {
      setFile(null)
      setProblem(t('metric_imports.too_large', { max: PLATFORM_EXPORT_LIMITS.maxMegabytes }))
    } else setFile(chosen)
    return false
  }

  const send = () => {
    if (!file) return
    const body = fileBody(file)
    body.append('from', range[0])
    body.append('to', range[1])
    setProblem(null)
    mutate(
      {
        url: `/api/creators/${creatorId}/accounts/${account.platform}/imports`,
        method: 'post',
        values: body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setResult(data)
          if (data.written > 0) {
            invalidate({ resource: 'creators', id: creatorId, invalidates: ['detail'] })
          }
        },
        onError: (error) => setProblem(error.message || t('metric_imports.failed')),
      }
    )
  }

  const close = () => {
    if (busy) return
    setFile(null)
    setProblem(null)
    setResult(null)
    onClose()
  }

  return (
    <Modal
      open={open}
      title={t('metric_imports.title', { platform })}
      onCancel={close}
      width={760}
      data-testid="platform-export-modal"
      footer={
        <Space>
          <Button onClick={close} disabled={busy}>
            {t('metric_imports.close')}
          </Button>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            disabled={!file}
            loading={busy}
            onClick={send}
            data-testid="platform-export-send"
          >
            {t('metric_imports.send')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('metric_imports.help', { platform })}
        </Typography.Paragraph>
        <div>
          <Typography.Text type="secondary">{t('metric_imports.titles')}</Typography.Text>
          <div style={{ marginTop: 4 }} data-testid="platform-export-titles">
            {titles.map((column) => (
              <Tag key={column.key} style={{ marginBottom: 4 }}>
                {column.titles[0]}
              </Tag>
            ))}
          </div>
        </div>
        <Space wrap>
          <Typography.Text>{t('metric_imports.range')}</Typography.Text>
          <DayRangePicker value={range} onChange={setRange} testId="platform-export-range" />
        </Space>
        <Upload.Dragger
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={choose}
          data-testid="platform-export-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : t('metric_imports.drop')}</p>
          <p className="ant-upload-hint">
            {t('metric_imports.hint', { max: PLATFORM_EXPORT_LIMITS.maxMegabytes })}
          </p>
        </Upload.Dragger>
        {problem && (
          <Alert type="error" showIcon message={problem} data-testid="platform-export-problem" />
        )}
        {result && <ExportResult result={result} />}
      </Space>
    </Modal>
  )
}

function ExportResult({ result }: { result: ExportImportResult }) {
  const { t } = useTranslation()
  return (
    <>
      <Alert
        type={result.error_rows ? 'warning' : 'success'}
        showIcon
        data-testid="platform-export-result"
        message={t('metric_imports.result.written', {
          count: result.written,
          first: result.first_written ?? '',
          last: result.last_written ?? '',
        })}
        description={
          <Space direction="vertical" size={2}>
            <span>{t('metric_imports.result.replaced', { count: result.replaced })}</span>
            <span data-testid="platform-export-kept">
              {t('metric_imports.result.kept', { count: result.kept_collected })}
              {result.kept_dates.length > 0 && ` (${result.kept_dates.join(', ')})`}
            </span>
            <span>{t('metric_imports.result.outside', { count: result.outside_range })}</span>
            <span>{t('metric_imports.result.errors', { count: result.error_rows })}</span>
          </Space>
        }
      />
      <ImportWarnings warnings={result.warnings} testId="platform-export-warnings" />
      {result.errors.length > 0 && (
        <Table
          size="small"
          rowKey={(row) => `${row.row}-${row.column}`}
          dataSource={result.errors}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          data-testid="platform-export-errors"
          columns={[
            { dataIndex: 'row', title: t('metric_imports.row'), width: 80 },
            { dataIndex: 'message', title: t('metric_imports.message') },
          ]}
        />
      )}
    </>
  )
}

/** The account's "Import platform export" button (for those who may), with its dialog. */
export function PlatformExportAction({
  creatorId,
  account,
}: {
  creatorId: number
  account: PlatformAccount
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const { data: can } = useCan({ resource: 'metric_imports', action: 'import' })
  if (!can?.can) return null
  return (
    <>
      <Button
        size="small"
        icon={<CloudUploadOutlined />}
        onClick={() => setOpen(true)}
        data-testid={`platform-export-${account.platform}`}
      >
        {t('metric_imports.action')}
      </Button>
      {open && (
        <PlatformExportModal
          creatorId={creatorId}
          account={account}
          open={open}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}
