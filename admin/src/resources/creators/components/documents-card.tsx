import { useState } from 'react'
import { CanAccess, useCan, useCustom, useCustomMutation, type HttpError } from '@refinedev/core'
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Dropdown,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import { FileProtectOutlined, LinkOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { LOCALES, type Locale } from '@shared/constants'
import {
  DEFAULT_TABS,
  DOCUMENT_KINDS,
  DOCUMENT_LIMITS,
  INFO_TABS,
  PRIVATE_TAB_LEVELS,
  type DocumentKind,
  type DocumentStatus,
  type InfoTab,
} from '@shared/documents'
import { DownloadButton } from '../../../components/download-button'
import { StaticTable } from '../../../components/list-table'
import { SectionCard } from '../../../components/section-card'
import { useSaveFeedback } from '../../../lib/feedback'
import { applyServerErrors } from '../../../lib/form-errors'
import { formatDate } from '../../../lib/format'
import { nowrap } from '../../../lib/table'

/** An issued document as GET /api/documents lists it. */
export interface IssuedDocument {
  id: number
  number: string
  kind: DocumentKind
  lang: Locale
  title: string
  month: string | null
  tabs: InfoTab[]
  note: string | null
  status: DocumentStatus
  issued_by: { id: number; name: string } | null
  issued_at: string
  replaced_by_id: number | null
  shared: boolean
  /** Present only for those who may share this document (they may read all it prints). */
  link?: string | null
  link_created_by?: { id: number; name: string } | null
  link_created_at?: string | null
}

/** What the security code is asked for: issuing again, or a new public link. */
type CodeAction = { row: IssuedDocument; action: 'reissue' | 'new_link' }

interface IssueValues {
  kind: DocumentKind
  lang: Locale
  tabs: InfoTab[]
  month?: Dayjs
  note?: string
  code?: string
}

const isPrivate = (tab: InfoTab) => tab in PRIVATE_TAB_LEVELS

/**
 * The documents tab of a creator (SPEC §2 'Document issuing'): issue one
 * (kind, language, the info tabs it prints; the private tabs need the
 * security code), list them, download, issue again, revoke, and copy or
 * renew the public link.
 */
export function DocumentsCard({ creatorId }: { creatorId: number }) {
  const { t, i18n } = useTranslation()
  // App.useApp's modal: antd's static Modal.confirm does not render under React 19
  const { modal } = App.useApp()
  const feedback = useSaveFeedback()
  const [open, setOpen] = useState(false)
  const [form] = Form.useForm<IssueValues>()
  const [codeFor, setCodeFor] = useState<CodeAction | null>(null)
  const [code, setCode] = useState('')
  const { query } = useCustom<IssuedDocument[]>({
    url: '/api/documents',
    method: 'get',
    config: { query: { creator_id: creatorId, _start: 0, _end: 100 } },
  })
  const rows = Array.isArray(query.data?.data) ? query.data.data : []
  const { mutateAsync, mutation } = useCustomMutation<IssuedDocument>()
  const { data: canRevoke } = useCan({ resource: 'documents', action: 'revoke' })
  const tabs = Form.useWatch('tabs', form) ?? []
  const kind = Form.useWatch('kind', form)

  const call = async (url: string, method: 'post' | 'delete', values: object = {}) => {
    const response = await mutateAsync({
      url,
      method,
      values,
      successNotification: false,
      errorNotification: false,
    })
    void query.refetch()
    return response.data
  }
  const run = async (work: () => Promise<string>) => {
    try {
      feedback.succeeded(await work())
    } catch (error) {
      feedback.failed(error as HttpError)
    }
  }
  const copyLink = async (link: string) => {
    await navigator.clipboard.writeText(new URL(link, window.location.origin).toString())
    feedback.succeeded(t('documents.link_copied'))
  }

  const issue = async (values: IssueValues) => {
    try {
      const issued = await call('/api/documents', 'post', {
        creator_id: creatorId,
        kind: values.kind,
        lang: values.lang,
        tabs: values.tabs,
        month: values.kind === 'monthly_letter' ? values.month?.format('YYYY-MM') : undefined,
        note: values.note || undefined,
        code: values.tabs.some(isPrivate) ? values.code : undefined,
      })
      setOpen(false)
      form.resetFields()
      feedback.succeeded(t('documents.issue_ok', { number: issued.number }))
    } catch (error) {
      if (!applyServerErrors(form, error as HttpError)) feedback.failed(error as HttpError)
    }
  }

  const reissue = (row: IssuedDocument, withCode?: string) =>
    run(async () => {
      const issued = await call(`/api/documents/${row.id}/reissue`, 'post', { code: withCode })
      setCodeFor(null)
      return t('documents.reissue_ok', { number: issued.number })
    })

  const newLink = (row: IssuedDocument, withCode?: string) =>
    run(async () => {
      await call(`/api/documents/${row.id}/link`, 'post', { code: withCode })
      setCodeFor(null)
      return t('documents.new_link_ok')
    })

  const askCode = (row: IssuedDocument, action: CodeAction['action']) => {
    setCode('')
    setCodeFor({ row, action })
  }

  return (
    <SectionCard
      icon={<FileProtectOutlined />}
      title={t('documents.title')}
      extra={
        <CanAccess resource="documents" action="issue" fallback={null}>
          <Button
            icon={<PlusOutlined />}
            onClick={() => setOpen(true)}
            data-testid="issue-document"
          >
            {t('documents.issue')}
          </Button>
        </CanAccess>
      }
      testId="documents"
    >
      <StaticTable<IssuedDocument>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        scroll={{ x: true }}
        locale={{ emptyText: t('documents.empty') }}
        columns={[
          { key: 'number', title: t('documents.number'), dataIndex: 'number', onCell: nowrap },
          {
            key: 'kind',
            title: t('documents.kind'),
            onCell: () => ({ style: { minWidth: 128 } }),
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{t(`documents.kinds.${row.kind}`)}</Typography.Text>
                <Typography.Text type="secondary">
                  {t(`documents.languages.${row.lang}`)}
                  {row.month ? ` · ${row.month}` : ''}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'issued_at',
            title: t('documents.issued_at'),
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(row.issued_at, true)}
                </Typography.Text>
                <Typography.Text type="secondary">{row.issued_by?.name ?? '—'}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'status',
            title: t('documents.status'),
            render: (_, row) => (
              <Space size={4} wrap>
                <Tag color={row.status === 'issued' ? 'green' : 'red'}>
                  {t(`documents.statuses.${row.status}`)}
                </Tag>
                {row.replaced_by_id && <Tag>{t('documents.replaced_by')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'actions',
            align: 'right',
            render: (_, row) => (
              <Space direction="vertical" size={2} align="end">
                <Space size={4}>
                  <DownloadButton
                    size="small"
                    url={`/api/documents/${row.id}/pdf`}
                    fileName={`${row.number}.pdf`}
                  >
                    {t('documents.download')}
                  </DownloadButton>
                  {row.link && (
                    <Tooltip title={t('documents.copy_link')}>
                      <Button
                        size="small"
                        icon={<LinkOutlined />}
                        aria-label={t('documents.copy_link')}
                        onClick={() => void copyLink(row.link!)}
                      />
                    </Tooltip>
                  )}
                  {row.status === 'issued' && row.link !== undefined && (
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        items: [
                          ...(row.replaced_by_id
                            ? []
                            : [{ key: 'reissue', label: t('documents.reissue') }]),
                          ...(row.kind === 'monthly_letter' || row.replaced_by_id
                            ? []
                            : [{ key: 'new_link', label: t('documents.new_link') }]),
                          ...(row.shared
                            ? [{ key: 'unshare', label: t('documents.unshare') }]
                            : []),
                          ...(canRevoke?.can
                            ? [{ key: 'revoke', danger: true, label: t('documents.revoke') }]
                            : []),
                        ],
                        onClick: ({ key }) => {
                          if (key === 'reissue') {
                            if (row.tabs.some(isPrivate)) askCode(row, 'reissue')
                            else
                              modal.confirm({
                                content: t('documents.reissue_confirm'),
                                onOk: () => reissue(row),
                              })
                          } else if (key === 'new_link') {
                            if (row.tabs.some(isPrivate)) askCode(row, 'new_link')
                            else void newLink(row)
                          } else if (key === 'unshare') {
                            void run(async () => {
                              await call(`/api/documents/${row.id}/link`, 'delete')
                              return t('documents.unshare_ok')
                            })
                          } else if (key === 'revoke') {
                            modal.confirm({
                              content: t('documents.revoke_confirm'),
                              okButtonProps: { danger: true },
                              onOk: () =>
                                run(async () => {
                                  await call(`/api/documents/${row.id}/revoke`, 'post')
                                  return t('documents.revoke_ok')
                                }),
                            })
                          }
                        },
                      }}
                    >
                      <Button size="small" icon={<MoreOutlined />} data-testid="document-actions" />
                    </Dropdown>
                  )}
                </Space>
                {row.shared && row.link_created_by && (
                  <Typography.Text
                    type="secondary"
                    style={{ display: 'block', fontSize: 12, maxWidth: 200, textAlign: 'right' }}
                    data-testid="document-link-by"
                  >
                    {t('documents.link_by', {
                      name: row.link_created_by.name,
                      date: formatDate(row.link_created_at, true),
                    })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={t('documents.issue')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={mutation.isPending}
        destroyOnHidden
      >
        <Form<IssueValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            kind: 'bilidoc',
            lang: LOCALES.includes(i18n.language as Locale) ? (i18n.language as Locale) : 'ko',
            tabs: DEFAULT_TABS.bilidoc,
          }}
          onValuesChange={(changed: Partial<IssueValues>) => {
            if (changed.kind) form.setFieldValue('tabs', DEFAULT_TABS[changed.kind])
          }}
          onFinish={(values) => void issue(values)}
        >
          <Form.Item name="kind" label={t('documents.kind')} rules={[{ required: true }]}>
            <Select
              options={DOCUMENT_KINDS.map((value) => ({
                value,
                label: t(`documents.kinds.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="lang" label={t('documents.lang')} rules={[{ required: true }]}>
            <Select
              options={LOCALES.map((value) => ({
                value,
                label: t(`documents.languages.${value}`),
              }))}
            />
          </Form.Item>
          {kind === 'monthly_letter' && (
            <Form.Item name="month" label={t('documents.month')}>
              <DatePicker picker="month" />
            </Form.Item>
          )}
          <Form.Item
            name="tabs"
            label={t('documents.tabs')}
            rules={[{ required: true, message: t('documents.required') }]}
          >
            <Checkbox.Group
              options={INFO_TABS.map((value) => ({
                value,
                label: t(`documents.info_tabs.${value}`),
              }))}
            />
          </Form.Item>
          {tabs.some(isPrivate) && (
            <Form.Item
              name="code"
              label={t('documents.code')}
              extra={t('documents.code_help')}
              rules={[{ required: true }]}
            >
              <Input.Password autoComplete="off" inputMode="numeric" />
            </Form.Item>
          )}
          <Form.Item name="note" label={t('documents.note')}>
            <Input maxLength={DOCUMENT_LIMITS.noteMax} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={codeFor !== null}
        title={t(codeFor?.action === 'new_link' ? 'documents.new_link' : 'documents.reissue')}
        onCancel={() => setCodeFor(null)}
        onOk={() => {
          if (codeFor?.action === 'new_link') void newLink(codeFor.row, code)
          else if (codeFor) void reissue(codeFor.row, code)
        }}
        confirmLoading={mutation.isPending}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            {t(
              codeFor?.action === 'new_link'
                ? 'documents.new_link_confirm'
                : 'documents.reissue_confirm'
            )}
          </Typography.Text>
          <Typography.Text type="secondary">{t('documents.code_help')}</Typography.Text>
          <Input.Password
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={t('documents.code')}
            autoComplete="off"
          />
        </Space>
      </Modal>
    </SectionCard>
  )
}
