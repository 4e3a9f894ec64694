import { useEffect, useState } from 'react'
import { useTable } from '@refinedev/antd'
import { Avatar, Button, Card, Empty, Space, Tabs, Tag, Typography } from 'antd'
import { EditOutlined, UserOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useQueryPatch } from '../../lib/use-query-patch'
import { useModalForms } from '../../lib/use-modal-forms'
import { LetterCreate, useRecipientSelect } from './create'
import { LetterShow } from './show'
import type { Draft, LetterRow, Person } from './types'
import { ListTable } from '../../components/list-table'

/** Private letters: inbox and sent, unread in bold, read, reply, compose, delete my copy. */
export function LetterList() {
  const { t } = useTranslation()
  const [params, set] = useQueryPatch()
  const box = params.get('box') === 'sent' ? 'sent' : 'inbox'
  const [replyingTo, setReplyingTo] = useState<Person | null>(null)
  const recipients = useRecipientSelect(replyingTo)
  const { tableProps, tableQuery } = useTable<LetterRow>({
    resource: 'letters',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'box', operator: 'eq', value: box }] },
  })
  const { create: composer } = useModalForms<LetterRow, Draft>('letters', t('letters.sent'), () =>
    set({ box: 'sent', id: undefined })
  )

  const compose = (initial: Draft, known: Person | null = null) => {
    setReplyingTo(known)
    if (!known) recipients.selectProps.onSearch?.('')
    composer.show()
    composer.form.resetFields()
    composer.form.setFieldsValue(initial)
  }

  // A link such as /app/private_letter?to=12 (the staff directory's 'Write a letter') opens the composer.
  const to = params.get('to')
  useEffect(() => {
    if (!to || recipients.loading) return
    const id = Number(to)
    compose({ recipient_id: recipients.people.some((person) => person.id === id) ? id : undefined })
    set({ to: undefined })
  }, [to, recipients.loading]) // eslint-disable-line react-hooks/exhaustive-deps

  const other = (row: LetterRow) => (box === 'inbox' ? row.from : row.to)

  return (
    <Card
      title={t('menu.private_letter')}
      extra={
        <Button
          type="primary"
          icon={<EditOutlined />}
          onClick={() => compose({})}
          data-testid="letter-compose"
        >
          {t('letters.compose')}
        </Button>
      }
    >
      <Tabs
        activeKey={box}
        onChange={(key) => set({ box: key === 'inbox' ? undefined : key, id: undefined })}
        items={[
          { key: 'inbox', label: t('letters.inbox') },
          { key: 'sent', label: t('letters.sent_box') },
        ]}
      />
      <ListTable<LetterRow>
        {...tableProps}
        testId="letter-table"
        empty={<Empty description={t('letters.empty')} />}
        onRow={(row) => ({
          onClick: () => set({ id: String(row.id) }),
          style: { cursor: 'pointer' },
        })}
      >
        <ListTable.Column<LetterRow>
          title={box === 'inbox' ? t('letters.from') : t('letters.to')}
          width={220}
          render={(_, row) => (
            <Space>
              <Avatar
                size="small"
                src={other(row)?.avatar_url ?? undefined}
                icon={<UserOutlined />}
              />
              <Typography.Text strong={box === 'inbox' && !row.read}>
                {other(row)?.name}
              </Typography.Text>
            </Space>
          )}
        />
        <ListTable.Column<LetterRow>
          title={t('letters.subject')}
          render={(_, row) => (
            <Space direction="vertical" size={0}>
              <Space>
                {box === 'inbox' && !row.read && <Tag color="blue">{t('letters.new')}</Tag>}
                {box === 'sent' && (
                  <Tag color={row.read ? 'green' : 'default'}>
                    {row.read ? t('letters.read') : t('letters.unread')}
                  </Tag>
                )}
                <Typography.Text strong={box === 'inbox' && !row.read}>
                  {row.subject}
                </Typography.Text>
              </Space>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 560 }}>
                {row.excerpt}
              </Typography.Text>
            </Space>
          )}
        />
        <ListTable.Column<LetterRow>
          dataIndex="created_at"
          title={t('letters.date')}
          width={160}
          render={(value) => dayjs(value).format('YYYY-MM-DD HH:mm')}
        />
      </ListTable>

      <LetterShow
        id={params.get('id')}
        box={box}
        onClose={() => set({ id: undefined })}
        onRead={() => void tableQuery.refetch()}
        onReply={(draft, counterpart) => compose(draft, counterpart)}
      />
      <LetterCreate modal={composer} recipients={recipients.selectProps} />
    </Card>
  )
}

export default LetterList
