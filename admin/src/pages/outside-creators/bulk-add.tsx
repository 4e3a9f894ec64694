import { useState } from 'react'
import { useCustomMutation, useInvalidate } from '@refinedev/core'
import { Alert, Form, Input, Modal, Select, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { OUTSIDE_LIMITS } from '@shared/outside'
import { useSaveFeedback } from '../../lib/feedback'

interface BulkLine {
  line: string
  result: 'added' | 'tracked' | 'not_understood'
  reason?: 'short_link' | 'unknown'
}
interface BulkAnswer {
  added: number
  tracked: number
  not_understood: number
  results: BulkLine[]
}

const COLORS = { added: 'green', tracked: 'blue', not_understood: 'red' } as const

/** Bulk add (POST /api/outside_creators/bulk): one link or uid a line, each line answered. */
export function BulkAddModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ lines: string; platform?: string }>()
  const [answer, setAnswer] = useState<BulkAnswer | null>(null)
  const feedback = useSaveFeedback()
  const invalidate = useInvalidate()
  const { mutate, mutation } = useCustomMutation<BulkAnswer>()
  const submit = (values: { lines: string; platform?: string }) =>
    mutate(
      {
        url: '/api/outside_creators/bulk',
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setAnswer(data)
          void invalidate({ resource: 'outside_creators', invalidates: ['list'] })
        },
        onError: (error) =>
          error.errors
            ? form.setFields(
                Object.entries(error.errors).map(([name, errors]) => ({
                  name: name as 'lines',
                  errors: ([] as string[]).concat(errors as string[]),
                }))
              )
            : feedback.failed(error),
      }
    )
  const close = () => {
    setAnswer(null)
    form.resetFields()
    onClose()
  }
  return (
    <Modal
      open={open}
      title={t('outside.bulk.title')}
      okText={t('outside.bulk.submit')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: mutation.isPending, disabled: answer !== null }}
      onCancel={close}
      cancelText={t('outside.bulk.close')}
      width={720}
      destroyOnClose
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="outside-bulk-form">
        <Form.Item
          name="platform"
          label={t('outside.fields.platform')}
          extra={t('outside.bulk.platform_help')}
        >
          <Select
            allowClear
            style={{ width: 220 }}
            options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="lines"
          label={t('outside.bulk.lines', { max: OUTSIDE_LIMITS.bulkMax })}
          rules={[{ required: true, whitespace: true, message: t('outside.bulk.required') }]}
        >
          <Input.TextArea rows={6} data-testid="outside-bulk-lines" />
        </Form.Item>
      </Form>
      {answer && (
        <>
          <Alert
            type={answer.not_understood ? 'warning' : 'success'}
            message={t('outside.bulk.summary', {
              added: answer.added,
              tracked: answer.tracked,
              not_understood: answer.not_understood,
            })}
            style={{ marginBottom: 8 }}
          />
          <Table<BulkLine>
            size="small"
            rowKey={(_, index) => String(index)}
            dataSource={answer.results}
            pagination={false}
            scroll={{ y: 240 }}
            data-testid="outside-bulk-results"
            columns={[
              { title: t('outside.bulk.line'), dataIndex: 'line', ellipsis: true },
              {
                title: t('outside.bulk.result'),
                dataIndex: 'result',
                width: 200,
                render: (value: BulkLine['result'], row) => (
                  <Tag color={COLORS[value]}>
                    {t(`outside.bulk.results.${row.reason ?? value}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  )
}
