import { useEffect, useState } from 'react'
import { useOne } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import {
  App,
  Avatar,
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd'
import { DeleteOutlined, EditOutlined, RollbackOutlined, UserOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useQueryPatch } from '../../lib/use-query-patch'
import { api } from '../../providers/http'
import { applyServerErrors } from '../../lib/form-errors'

interface Person {
  id: number
  name: string
  role: string
  avatar_url: string | null
  email?: string
}

interface LetterRow {
  id: number
  subject: string
  excerpt: string
  body?: string
  from: Person | null
  to: Person | null
  reply_to_id: number | null
  read: boolean
  created_at: string
}

interface Draft {
  recipient_id?: number
  subject?: string
  body?: string
  reply_to_id?: number
}

/** Private letters: inbox and sent, unread in bold, read, reply, compose, delete my copy. */
export function LetterList() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [params, set] = useQueryPatch()
  const box = params.get('box') === 'sent' ? 'sent' : 'inbox'
  const openId = params.get('id')
  const [draft, setDraft] = useState<Draft | null>(null)
  const [recipientOptions, setRecipientOptions] = useState<Person[]>([])
  const [sending, setSending] = useState(false)
  const [form] = Form.useForm<Draft>()

  const { tableProps, tableQuery } = useTable<LetterRow>({
    resource: 'letters',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'box', operator: 'eq', value: box }] },
  })
  const { query: letterQuery } = useOne<LetterRow>({
    resource: 'letters',
    id: openId ?? undefined,
    queryOptions: { enabled: Boolean(openId) },
    errorNotification: false,
  })
  const letter = openId ? letterQuery.data?.data : undefined

  const search = async (q: string) => {
    const response = await api.get('/api/letters/recipients', { params: { q: q || undefined } })
    setRecipientOptions(response.data.data)
  }

  const compose = (initial: Draft, known?: Person | null) => {
    if (known) setRecipientOptions([known])
    else void search('')
    form.resetFields()
    form.setFieldsValue(initial)
    setDraft(initial)
  }

  // A link such as /app/private_letter?to=12 (the staff directory's 'Write a letter') opens the composer.
  useEffect(() => {
    const to = params.get('to')
    if (!to) return
    void api.get('/api/letters/recipients').then((response) => {
      const people: Person[] = response.data.data
      setRecipientOptions(people)
      compose({
        recipient_id: people.some((person) => person.id === Number(to)) ? Number(to) : undefined,
      })
      set({ to: undefined })
    })
  }, []) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (letter && !letter.read) void tableQuery.refetch()
  }, [letter]) // eslint-disable-line react-hooks/exhaustive-deps

  const send = async () => {
    let values: Draft
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setSending(true)
    try {
      await api.post('/api/letters', { ...values, reply_to_id: draft?.reply_to_id })
      message.success(t('letters.sent'))
      setDraft(null)
      set({ box: 'sent', id: undefined })
      await tableQuery.refetch()
    } catch (error: any) {
      if (!applyServerErrors(form, error))
        message.error(error?.message || t('errors.request_failed'))
    } finally {
      setSending(false)
    }
  }

  const remove = async (id: number) => {
    await api.delete(`/api/letters/${id}`)
    set({ id: undefined })
    await tableQuery.refetch()
  }

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
      <Table<LetterRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        data-testid="letter-table"
        locale={{ emptyText: <Empty description={t('letters.empty')} /> }}
        onRow={(row) => ({
          onClick: () => set({ id: String(row.id) }),
          style: { cursor: 'pointer' },
        })}
      >
        <Table.Column<LetterRow>
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
        <Table.Column<LetterRow>
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
        <Table.Column<LetterRow>
          dataIndex="created_at"
          title={t('letters.date')}
          width={160}
          render={(value) => dayjs(value).format('YYYY-MM-DD HH:mm')}
        />
      </Table>

      <Drawer
        open={Boolean(openId)}
        width={560}
        onClose={() => set({ id: undefined })}
        title={letter?.subject}
        loading={letterQuery.isLoading}
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
                  onClick={() => {
                    const counterpart = box === 'inbox' ? letter.from : letter.to
                    compose(
                      {
                        recipient_id: counterpart!.id,
                        subject: letter.subject.startsWith('Re: ')
                          ? letter.subject
                          : `Re: ${letter.subject}`,
                        reply_to_id: letter.id,
                      },
                      counterpart
                    )
                  }}
                  data-testid="letter-reply"
                >
                  {t('letters.reply')}
                </Button>
              )}
              <Popconfirm title={t('letters.delete_confirm')} onConfirm={() => remove(letter.id)}>
                <Button danger icon={<DeleteOutlined />}>
                  {t('letters.delete')}
                </Button>
              </Popconfirm>
            </Space>
          </Space>
        )}
      </Drawer>

      <Modal
        open={draft !== null}
        title={draft?.reply_to_id ? t('letters.reply') : t('letters.compose')}
        okText={t('letters.send')}
        confirmLoading={sending}
        onOk={() => void send()}
        onCancel={() => setDraft(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="letter-form">
          <Form.Item
            name="recipient_id"
            label={t('letters.to')}
            rules={[{ required: true, message: t('letters.recipient_required') }]}
          >
            <Select
              showSearch
              filterOption={false}
              onSearch={(value) => void search(value)}
              options={recipientOptions.map((person) => ({
                value: person.id,
                label: `${person.name}${person.email ? ` · ${person.email}` : ''}`,
              }))}
              placeholder={t('letters.recipient_placeholder')}
              data-testid="letter-recipient"
            />
          </Form.Item>
          <Form.Item
            name="subject"
            label={t('letters.subject')}
            rules={[
              { required: true, whitespace: true, message: t('letters.subject_required') },
              { max: 200 },
            ]}
          >
            <Input maxLength={200} data-testid="letter-subject" />
          </Form.Item>
          <Form.Item
            name="body"
            label={t('letters.body')}
            rules={[
              { required: true, whitespace: true, message: t('letters.body_required') },
              { max: 10000 },
            ]}
          >
            <Input.TextArea rows={8} maxLength={10000} showCount data-testid="letter-body" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  )
}

export default LetterList
