import { useCan, useDelete, useOne } from '@refinedev/core'
import {
  App,
  Avatar,
  Button,
  Card,
  Divider,
  List,
  Popconfirm,
  Result,
  Space,
  Tag,
  Typography,
} from 'antd'
import {
  DeleteOutlined,
  EditOutlined,
  PaperClipOutlined,
  PushpinFilled,
  UserOutlined,
} from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { downloadFile } from '../../lib/download'
import type { BoardPostDetail } from './types'
import { BackTitle } from '../../components/back-title'

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** One post as its readers see it: the server-sanitised HTML, attachments, edit/delete for its author and admins. */
export function BoardPostShow({
  id,
  onBack,
  onEdit,
}: {
  id: number
  onBack: () => void
  onEdit: (id: number) => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { query } = useOne<BoardPostDetail>({
    resource: 'board/posts',
    id,
    errorNotification: false,
  })
  const { mutate: remove } = useDelete()
  const { data: canPin } = useCan({ resource: 'board', action: 'pin' })
  const post = query.data?.data

  if (query.isError) {
    return (
      <Result
        status="404"
        title={t('board.not_found')}
        extra={<Button onClick={onBack}>{t('board.back')}</Button>}
      />
    )
  }

  return (
    <Card
      loading={query.isLoading}
      title={
        <BackTitle onBack={onBack} label={t('board.back')}>
          {post?.pinned && <PushpinFilled style={{ color: '#fa541c' }} />}
          <span data-testid="board-post-title">{post?.title}</span>
        </BackTitle>
      }
      extra={
        post?.can_edit ? (
          <Space>
            <Button
              icon={<EditOutlined />}
              onClick={() => onEdit(post.id)}
              data-testid="board-edit"
            >
              {t('board.edit')}
            </Button>
            <Popconfirm
              title={t('board.delete_confirm')}
              onConfirm={() =>
                remove(
                  { resource: 'board/posts', id: post.id, successNotification: false },
                  {
                    onSuccess: () => {
                      message.success(t('board.deleted'))
                      onBack()
                    },
                  }
                )
              }
            >
              <Button danger icon={<DeleteOutlined />}>
                {t('board.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {post && (
        <>
          <Space wrap size="middle">
            <Tag color="blue">{t(`board.categories.${post.category}`)}</Tag>
            {post.status === 'draft' && <Tag color="orange">{t('board.draft')}</Tag>}
            <Space size={4}>
              <Avatar
                size="small"
                src={post.author?.avatar_url ?? undefined}
                icon={<UserOutlined />}
              />
              <Typography.Text>{post.author?.name ?? t('board.former_member')}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">
              {dayjs(post.published_at ?? post.updated_at).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('board.views', { count: post.views })}
            </Typography.Text>
            {canPin?.can && post.pinned && <Tag color="volcano">{t('board.pinned')}</Tag>}
          </Space>
          <Divider />
          {/* The server keeps only an allow-list of tags and attributes (BoardService → sanitize-html). */}
          <div className="ql-snow">
            <div
              className="ql-editor"
              style={{ padding: 0, minHeight: 120 }}
              data-testid="board-post-content"
              dangerouslySetInnerHTML={{ __html: post.content }}
            />
          </div>
          {post.attachments.length > 0 && (
            <>
              <Divider orientation="left" plain>
                <PaperClipOutlined /> {t('board.attachments')}
              </Divider>
              <List
                size="small"
                dataSource={post.attachments}
                renderItem={(attachment) => (
                  <List.Item
                    actions={[
                      <Button
                        key="download"
                        type="link"
                        onClick={() =>
                          downloadFile(
                            `/api/board/attachments/${attachment.id}`,
                            attachment.name
                          ).catch(() => message.error(t('errors.request_failed')))
                        }
                      >
                        {t('board.download')}
                      </Button>,
                    ]}
                  >
                    <Space>
                      <PaperClipOutlined />
                      {attachment.name}
                      <Typography.Text type="secondary">
                        {formatSize(attachment.size)}
                      </Typography.Text>
                    </Space>
                  </List.Item>
                )}
              />
            </>
          )}
        </>
      )}
    </Card>
  )
}
