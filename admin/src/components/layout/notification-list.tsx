import { useCustomMutation } from '@refinedev/core'
import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { Button, Empty, List, Space, Typography } from 'antd'
import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { HEADLINE_PAGE_SIZE } from '@shared/constants'
import { useCustomPages } from '../../lib/use-custom-pages'
import { collectErrorSentence } from '../collect-error'

dayjs.extend(relativeTime)

interface Item {
  id: number
  kind: string
  params: Record<string, string | number | null>
  link: string | null
  read: boolean
  created_at: string
}

interface Page {
  items: Item[]
  total: number
  unread: number
}

/**
 * A notification's values in the reader's language: platform keys become the
 * platform's name, and a failed collection's code its sentence.
 */
function paramsOf(item: Item, t: TFunction) {
  const params: Record<string, string | number | null> = { ...item.params }
  const platform = params.platform
  if (typeof platform === 'string' && platform) {
    params.platform = platform
      .split(/\s*[/,]\s*/)
      .map((key) => t(`enum.platform.${key}`, { defaultValue: key }))
      .join(' / ')
  }
  if (typeof params.error_code === 'string')
    params.error = collectErrorSentence(t, params.error_code)
  // a paused platform: why, in words, and until when, in the reader's clock
  if (typeof params.reason === 'string')
    params.reason = t(`dashboard.collection.pause_reasons.${params.reason}`, {
      defaultValue: params.reason,
    })
  if (typeof params.until === 'string' && dayjs(params.until).isValid())
    params.until = dayjs(params.until).format('MM-DD HH:mm')
  return params
}

/**
 * The bell's list: the latest 20, 'load more', mark one or all read. A chunk
 * of its own (antd's List brings its pagination and select): the header
 * fetches it when the bell is first pointed at or opened.
 */
export function NotificationList({
  open,
  unread,
  onRead,
  onClose,
}: {
  open: boolean
  unread: number
  /** Something was marked read: the bell asks for its count again. */
  onRead: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const list = useCustomPages<Page>({
    url: '/api/headline-notifications',
    query: {},
    pageSize: HEADLINE_PAGE_SIZE,
    hasMore: (page, loaded) => loaded < page.total,
    enabled: open,
    version: unread,
  })
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  const loading = list.isFetching
  const { mutate: post } = useCustomMutation()
  const send = (url: string, onSuccess: () => void) =>
    post(
      { url, method: 'post', values: {}, successNotification: false, errorNotification: false },
      { onSuccess }
    )

  const openItem = (item: Item) => {
    if (!item.read) send(`/api/headline-notifications/${item.id}/read`, onRead)
    onClose()
    if (item.link) navigate(item.link)
  }

  const readAll = () =>
    send('/api/headline-notifications/read-all', () => {
      client.setQueriesData<InfiniteData<Page>>(
        { queryKey: ['custom-pages', '/api/headline-notifications'] },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((row) => ({ ...row, read: true })),
                })),
              }
            : data
      )
      onRead()
    })

  return (
    <div style={{ width: 360 }} data-testid="notification-list">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>{t('notifications.title')}</Typography.Text>
        <Button type="link" size="small" disabled={!unread} onClick={readAll}>
          {t('notifications.read_all')}
        </Button>
      </Space>
      <List<Item>
        size="small"
        loading={loading && !items.length}
        dataSource={items}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
          ),
        }}
        style={{ maxHeight: 420, overflowY: 'auto' }}
        renderItem={(item) => (
          <List.Item
            style={{
              cursor: 'pointer',
              background: item.read ? undefined : 'rgba(22,119,255,0.06)',
              paddingInline: 8,
            }}
            onClick={() => void openItem(item)}
          >
            <List.Item.Meta
              title={
                <Typography.Text strong={!item.read}>
                  {t(`notifications.kinds.${item.kind}`, {
                    ...paramsOf(item, t),
                    defaultValue: item.kind,
                  })}
                </Typography.Text>
              }
              description={dayjs(item.created_at).fromNow()}
            />
          </List.Item>
        )}
        loadMore={
          list.hasNextPage ? (
            <div style={{ textAlign: 'center', marginTop: 8 }}>
              <Button size="small" loading={loading} onClick={() => void list.fetchNextPage()}>
                {t('notifications.load_more')}
              </Button>
            </div>
          ) : null
        }
      />
    </div>
  )
}
