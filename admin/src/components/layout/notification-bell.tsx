import { lazy, Suspense, useState } from 'react'
import { useCustom } from '@refinedev/core'
import { Badge, Button, Popover, Skeleton, Tooltip } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

/** How often the header asks for the unread count (the notifications are polled, not pushed). */
export const POLL_MS = 30_000

const loadList = () => import('./notification-list')
const NotificationList = lazy(() =>
  loadList().then((module) => ({ default: module.NotificationList }))
)
const prefetchList = () => void loadList().catch(() => undefined)

/** The header's headline notifications: unread badge, the latest 20, 'load more', mark read. */
export function NotificationBell() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const { query } = useCustom<{ unread: number }>({
    url: '/api/headline-notifications/unread',
    method: 'get',
    queryOptions: { refetchInterval: POLL_MS, refetchIntervalInBackground: false },
    errorNotification: false,
  })
  const unread = query.data?.data?.unread ?? 0

  // The popover draws its content (and so asks for the list's code) when first opened.
  const content = (
    <Suspense
      fallback={
        <div style={{ width: 360 }}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      }
    >
      <NotificationList
        open={open}
        unread={unread}
        onRead={() => void query.refetch()}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  )

  return (
    <Popover
      content={content}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
    >
      <Tooltip title={t('notifications.title')}>
        <Badge count={unread} size="small" overflowCount={99}>
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined />}
            aria-label={t('notifications.title')}
            data-testid="notification-bell"
            onPointerEnter={prefetchList}
            onFocus={prefetchList}
          />
        </Badge>
      </Tooltip>
    </Popover>
  )
}
