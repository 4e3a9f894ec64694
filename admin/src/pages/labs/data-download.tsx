import { useCallback, useEffect, useRef, useState } from 'react'
import { useCustom, useCustomMutation } from '@refinedev/core'
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Progress,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import {
  DATA_EXPORT_FIELDS,
  DATA_EXPORT_LIMITS,
  type DataExportField,
  type DataExportGranularity,
  type LabsJobStatus,
} from '@shared/labs_downloads'
import { useCreatorSelect } from '../../lib/use-creator-select'
import { downloadFile } from '../../lib/download'
import { dayOf } from '../../lib/dates'

/*
| Labs › Data download: a period (whole weeks or whole months), the creators
| (those the user may see, searched on the server) and the figures; Export
| queues the workbook (POST /api/labs/data_exports), the bar follows its
| progress (GET …/:id every second) and the file downloads when it is done.
*/

interface DataExport {
  id: number
  status: LabsJobStatus
  start: string
  end: string
  granularity: DataExportGranularity
  percent: number
  processed: number
  total: number
  rows: number
  message: string | null
}

interface ExportForm {
  granularity: DataExportGranularity
  period: [Dayjs, Dayjs]
  creator_ids: number[]
  fields: DataExportField[]
}

const POLL_MS = 1000
const exportName = (item: DataExport) =>
  `figures-${item.granularity}-${item.start}-${item.end}.xlsx`
const ended = (job?: DataExport | null) => job?.status === 'completed' || job?.status === 'failed'

export default function DataDownload() {
  const { t } = useTranslation()
  const [form] = Form.useForm<ExportForm>()
  const granularity = Form.useWatch('granularity', form) ?? 'month'
  const [exportId, setExportId] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const fetched = useRef<number | null>(null)
  const creators = useCreatorSelect({})
  const { mutate: send, mutation } = useCustomMutation<DataExport>()
  const { query } = useCustom<DataExport>({
    url: `/api/labs/data_exports/${exportId}`,
    method: 'get',
    queryOptions: {
      enabled: exportId !== null,
      refetchInterval: (current) =>
        ended(current.state.data?.data) || current.state.error ? false : POLL_MS,
      retry: false,
    },
    errorNotification: false,
  })
  const job = exportId !== null ? (query.data?.data ?? null) : null

  const download = useCallback(
    (item: DataExport) =>
      downloadFile(`/api/labs/data_exports/${item.id}/file`, exportName(item)).catch((error) =>
        setProblem(error?.message ?? t('labs.data.download_failed'))
      ),
    [t]
  )

  // the finished workbook downloads once by itself; the button stays for another copy
  useEffect(() => {
    if (job?.status !== 'completed' || fetched.current === job.id) return
    fetched.current = job.id
    void download(job)
  }, [job, download])

  const submit = (values: ExportForm) => {
    setProblem(null)
    setExportId(null)
    const unit = values.granularity === 'week' ? 'week' : 'month'
    send(
      {
        url: '/api/labs/data_exports',
        method: 'post',
        values: {
          granularity: values.granularity,
          start: dayOf(values.period[0].startOf(unit)),
          end: dayOf(values.period[1].endOf(unit)),
          creator_ids: values.creator_ids,
          fields: values.fields,
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => setExportId(data.id),
        onError: (error) => setProblem(error.message),
      }
    )
  }

  const busy = mutation.isPending || (job !== null && !ended(job))
  const max = granularity === 'week' ? DATA_EXPORT_LIMITS.maxWeeks : DATA_EXPORT_LIMITS.maxMonths

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('labs.data.help')}
      </Typography.Paragraph>
      <Form<ExportForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          granularity: 'month',
          period: [dayjs().subtract(2, 'month').startOf('month'), dayjs().startOf('month')],
          creator_ids: [],
          fields: ['fans', 'views'],
        }}
        data-testid="labs-data-form"
      >
        <Form.Item name="granularity" label={t('labs.data.granularity')}>
          <Radio.Group optionType="button" data-testid="labs-data-granularity">
            <Radio.Button value="week">{t('labs.data.week')}</Radio.Button>
            <Radio.Button value="month">{t('labs.data.month')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="period"
          label={t('labs.data.period')}
          extra={t(granularity === 'week' ? 'labs.data.max_weeks' : 'labs.data.max_months', {
            max,
          })}
          rules={[
            { required: true, message: t('labs.data.period_required') },
            {
              validator: (_rule, value?: [Dayjs, Dayjs]) => {
                if (!value) return Promise.resolve()
                const unit = granularity === 'week' ? 'week' : 'month'
                const count = value[1].endOf(unit).diff(value[0].startOf(unit), unit) + 1
                return count > max
                  ? Promise.reject(
                      new Error(
                        t(granularity === 'week' ? 'labs.data.max_weeks' : 'labs.data.max_months', {
                          max,
                        })
                      )
                    )
                  : Promise.resolve()
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            picker={granularity === 'week' ? 'week' : 'month'}
            allowClear={false}
            data-testid="labs-data-period"
          />
        </Form.Item>
        <Form.Item
          name="creator_ids"
          label={t('labs.data.creators')}
          rules={[
            { required: true, message: t('labs.data.creators_required') },
            {
              type: 'array',
              max: DATA_EXPORT_LIMITS.maxCreators,
              message: t('labs.data.creators_max', { max: DATA_EXPORT_LIMITS.maxCreators }),
            },
          ]}
        >
          <Select
            mode="multiple"
            placeholder={t('labs.data.creators_placeholder')}
            {...creators}
            data-testid="labs-data-creators"
          />
        </Form.Item>
        <Form.Item
          name="fields"
          label={t('labs.data.fields')}
          extra={t('labs.data.watch_time_hint')}
          rules={[{ required: true, message: t('labs.data.fields_required') }]}
        >
          <Checkbox.Group
            options={DATA_EXPORT_FIELDS.map((field) => ({
              value: field,
              label: t(`labs.data.field.${field}`),
            }))}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={busy}
          icon={<DownloadOutlined />}
          data-testid="labs-data-export"
        >
          {t('labs.data.export')}
        </Button>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} data-testid="labs-data-problem" />}
      {job && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="labs-data-job">
          <Progress
            percent={job.percent}
            status={
              job.status === 'failed'
                ? 'exception'
                : job.status === 'completed'
                  ? 'success'
                  : 'active'
            }
            data-testid="labs-data-progress"
          />
          <Typography.Text type="secondary">
            {t(`labs.data.status.${job.status}`, {
              processed: job.processed,
              total: job.total,
              rows: job.rows,
            })}
          </Typography.Text>
          {job.status === 'failed' && job.message && (
            <Alert type="error" showIcon message={job.message} />
          )}
          {job.status === 'completed' && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download(job)}
              data-testid="labs-data-file"
            >
              {t('labs.data.download_again', { name: exportName(job) })}
            </Button>
          )}
        </Space>
      )}
    </Space>
  )
}
