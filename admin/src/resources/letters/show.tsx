import { useEffect } from 'react'
import { useDelete, useOne } from '@refinedev/core'
import { Button, Drawer, Popconfirm, Space, Typography } from 'antd'
import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useSaveFeedback } from '../../lib/feedback'
import type { Draft, LetterRow, Person } from './types'

/** One letter in a drawer (reading it marks it read): reply, or delete my copy. */
export function LetterShow({
  id,
  box,
  onClose,
  onRead,
  onReply,
}: {
  id: string | null
  box: 'inbox' | 'sent'
  onClose: () => void
  onRead: () => void
  onReply: (draft: Draft, counterpart: Person) => void
}) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const { query } = useOne<LetterRow>({
    resource: 'letters',
    id: id ?? undefined,
    queryOptions: { enabled: Boolean(id) },
    errorNotification: false,
  })
  const { mutate: remove } = useDelete()
  const letter = id ? query.data?.data : undefined

  useEffect(() => {
    if (letter && !letter.read) onRead()
  }, [letter]) // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Drawer
      open={Boolean(id)}
      width={560}
      onClose={onClose}
      title={letter?.subject}
      loading={query.isLoading}
      destroyOnHidden
    >
      {letter && (
        <Space
          direction="vertical"
          size="middle"
          style={{ width: '100%' }}
          data-testid="letter-view"
        >
          <Typography.Text type="secondary">
            {t('letters.from')}: {letter.from?.name} · {t('letters.to')}: {letter.to?.name} ·{' '}
            {dayjs(letter.created_at).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            {letter.body}
          </Typography.Paragraph>
          <Space>
            {letter.from && letter.to && (
              <Button
                icon={<RollbackOutlined />}
                onClick={() =>
                  onReply(
                    {
                      recipient_id: (box === 'inbox' ? letter.from : letter.to)!.id,
                      subject: letter.subject.startsWith('Re: ')
                        ? letter.subject
                        : `Re: ${letter.subject}`,
                      reply_to_id: letter.id,
                    },
                    (box === 'inbox' ? letter.from : letter.to)!
                  )
                }
                data-testid="letter-reply"
              >
                {t('letters.reply')}
              </Button>
            )}
            <Popconfirm
              title={t('letters.delete_confirm')}
              onConfirm={() =>
                remove(
                  {
                    resource: 'letters',
                    id: letter.id,
                    successNotification: false,
                    errorNotification: false,
                  },
                  { onSuccess: onClose, onError: feedback.failed }
                )
              }
            >
              <Button danger icon={<DeleteOutlined />}>
                {t('letters.delete')}
              </Button>
            </Popconfirm>
          </Space>
        </Space>
      )}
    </Drawer>
  )
}
