import { Suspense, lazy, useEffect, useState } from 'react'
import { useCan, useCustomMutation, type HttpError } from '@refinedev/core'
import { useForm } from '@refinedev/antd'
import { App, Button, Card, Form, Input, Select, Space, Spin, Switch, Upload } from 'antd'
import { PaperClipOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons'
import type { UploadFile } from 'antd'
import { useTranslation } from 'react-i18next'
import { BOARD_ATTACHMENT_EXTENSIONS, BOARD_LIMITS } from '@shared/board'
import { useSaveFeedback } from '../../lib/feedback'
import type { BoardAttachment, BoardCategoryRight, BoardPostDetail } from './types'
import { BackTitle } from '../../components/back-title'
import { fileBody } from '../../lib/download'

const RichTextEditor = lazy(() => import('./components/rich-text-editor'))

/** The lazily loaded editor as one form control (Form.Item passes value/onChange to its direct child). */
function EditorField(props: {
  value?: string
  onChange?: (html: string) => void
  placeholder?: string
}) {
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor {...props} />
    </Suspense>
  )
}

interface Values {
  category: string
  title: string
  content: string
  pinned: boolean
}

/** Write or edit a post: category, title, rich text, attachments; save as draft or publish. */
export function BoardPostEdit({
  id,
  categories,
  defaultCategory,
  onDone,
}: {
  id?: number
  categories: BoardCategoryRight[]
  defaultCategory?: string
  onDone: (id?: number) => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [files, setFiles] = useState<UploadFile[]>([])
  const [submitting, setSubmitting] = useState<'draft' | 'published' | null>(null)
  const { data: canPin } = useCan({ resource: 'board', action: 'pin' })
  const feedback = useSaveFeedback()
  const { form, formProps, formLoading, onFinish, query } = useForm<
    BoardPostDetail,
    HttpError,
    Values & { status: string; attachment_ids: number[] }
  >({
    resource: 'board/posts',
    action: id ? 'edit' : 'create',
    id,
    redirect: false,
    // As before: leaving the editor does not ask (drafts are saved on purpose).
    warnWhenUnsavedChanges: false,
    ...feedback,
  })
  const { mutateAsync: uploadFile } = useCustomMutation<BoardAttachment>()
  const existing = query?.data?.data
  const writable = categories.filter((category) => category.can_write)

  useEffect(() => {
    if (existing) {
      setFiles(
        existing.attachments.map((attachment) => ({
          uid: String(attachment.id),
          name: attachment.name,
          status: 'done',
          response: attachment,
        }))
      )
    } else if (id === undefined && !form.getFieldValue('category')) {
      // The categories may arrive after the editor opens (a link to ?write=1).
      const category = writable.find((row) => row.key === defaultCategory)?.key ?? writable[0]?.key
      form.setFieldsValue({ category, pinned: false })
    }
  }, [existing, id, writable.length]) // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (status: 'draft' | 'published') => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    if (files.some((file) => file.status === 'uploading')) {
      message.warning(t('board.wait_uploads'))
      return
    }
    setSubmitting(status)
    try {
      const result = await onFinish({
        ...values,
        pinned: canPin?.can ? values.pinned : undefined,
        status,
        attachment_ids: files
          .filter((file) => file.status === 'done')
          .map((file) => Number(file.response?.id)),
      } as Values & { status: string; attachment_ids: number[] })
      message.success(t(status === 'draft' ? 'board.saved_draft' : 'board.published'))
      onDone(Number(result?.data?.id ?? id))
    } catch {
      // The fields show the server's errors; anything else was said by the feedback.
    } finally {
      setSubmitting(null)
    }
  }

  const published = existing?.status === 'published'

  return (
    <Card
      title={
        <BackTitle onBack={() => onDone(id)} label={t('board.back')}>
          {id ? t('board.edit_title') : t('board.write_title')}
        </BackTitle>
      }
      loading={id !== undefined && query?.isLoading}
    >
      <Form {...formProps} onFinish={undefined} layout="vertical" data-testid="board-form">
        <Space wrap align="start">
          <Form.Item name="category" label={t('board.category')} rules={[{ required: true }]}>
            <Select
              style={{ width: 220 }}
              options={writable.map((row) => ({
                value: row.key,
                label: t(`board.categories.${row.key}`),
              }))}
              data-testid="board-category"
            />
          </Form.Item>
          {canPin?.can && (
            <Form.Item name="pinned" label={t('board.pin')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Space>
        <Form.Item
          name="title"
          label={t('board.title_field')}
          rules={[
            { required: true, whitespace: true, message: t('board.title_required') },
            { max: BOARD_LIMITS.titleMax },
          ]}
        >
          <Input maxLength={BOARD_LIMITS.titleMax} showCount data-testid="board-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('board.content')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value && value.replace(/<[^>]*>/g, '').trim()
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('board.content_required'))),
            },
          ]}
        >
          <EditorField placeholder={t('board.content_placeholder')} />
        </Form.Item>
        <Form.Item
          label={t('board.attachments')}
          extra={t('board.attachments_help', {
            count: BOARD_LIMITS.attachmentsPerPost,
            max: BOARD_LIMITS.attachmentMaxBytes / 1024 / 1024,
          })}
        >
          <Upload
            fileList={files}
            accept={BOARD_ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
            maxCount={BOARD_LIMITS.attachmentsPerPost}
            onChange={({ fileList }) => setFiles(fileList)}
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                const body = fileBody(file as Blob)
                const response = await uploadFile({
                  url: '/api/board/attachments',
                  method: 'post',
                  values: body,
                  successNotification: false,
                  errorNotification: false,
                })
                onSuccess?.(response.data)
              } catch (error: any) {
                message.error(error?.message || t('errors.request_failed'))
                onError?.(error)
              }
            }}
          >
            <Button icon={<PaperClipOutlined />}>{t('board.attach')}</Button>
          </Upload>
        </Form.Item>
        <Space>
          {!published && (
            <Button
              icon={<SaveOutlined />}
              loading={formLoading && submitting === 'draft'}
              onClick={() => submit('draft')}
              data-testid="board-save-draft"
            >
              {t('board.save_draft')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={formLoading && submitting === 'published'}
            onClick={() => submit('published')}
            data-testid="board-publish"
          >
            {published ? t('board.save') : t('board.publish')}
          </Button>
        </Space>
      </Form>
    </Card>
  )
}
