import { CanAccess, useCustom, useCustomMutation } from '@refinedev/core'
import { Button, Card, Empty, Form, Input, Space, Timeline, Typography } from 'antd'
import { EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSaveFeedback } from '../../../lib/feedback'
import { errorFieldsOf, fieldErrorsOf } from '../../../lib/form-errors'
import { formatDate } from '../../../lib/format'
import type { Memo } from '../types'

const MEMO_MAX = 2000

/** The memo history of a creator (who wrote what, when; newest first) and a box to add one. */
export function MemoPanel({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const [form] = Form.useForm<{ body: string }>()
  const { query } = useCustom<Memo[]>({ url: `/api/creators/${creatorId}/memos`, method: 'get' })
  const memos = query.data?.data
  const list = Array.isArray(memos) ? memos : []
  const { mutate, mutation } = useCustomMutation()

  const add = ({ body }: { body: string }) =>
    mutate(
      {
        url: `/api/creators/${creatorId}/memos`,
        method: 'post',
        values: { body: body.trim() },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          form.resetFields()
          void query.refetch()
        },
        onError: (error) => {
          // Whatever field the server names, the memo box is the one field here.
          if (errorFieldsOf(error).length)
            form.setFields(
              fieldErrorsOf(error).map((item) => ({ name: 'body' as const, errors: item.errors }))
            )
          else feedback.failed(error)
        },
      }
    )

  return (
    <Card
      title={
        <Space>
          <EditOutlined />
          {t('creators.memo.title')}
        </Space>
      }
      loading={query.isLoading}
      data-testid="memo-panel"
    >
      <CanAccess resource="creators" action="memo" fallback={null}>
        <Form form={form} onFinish={add} layout="vertical">
          <Form.Item
            name="body"
            rules={[
              { required: true, whitespace: true, message: t('creators.memo.required') },
              { max: MEMO_MAX, message: t('creators.memo.too_long', { max: MEMO_MAX }) },
            ]}
            style={{ marginBottom: 8 }}
          >
            <Input.TextArea
              rows={3}
              maxLength={MEMO_MAX}
              showCount
              placeholder={t('creators.memo.placeholder')}
              aria-label={t('creators.memo.title')}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={mutation.isPending}
            style={{ marginBottom: 16 }}
            data-testid="memo-add"
          >
            {t('creators.memo.add')}
          </Button>
        </Form>
      </CanAccess>
      {list.length ? (
        <Timeline
          items={list.map((memo) => ({
            key: memo.id,
            children: (
              <div data-testid="memo-item">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {memo.user?.name ?? t('creators.memo.unknown_user')} ·{' '}
                  {formatDate(memo.created_at, true)}
                </Typography.Text>
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  {memo.body}
                </Typography.Paragraph>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('creators.memo.empty')} />
      )}
    </Card>
  )
}
