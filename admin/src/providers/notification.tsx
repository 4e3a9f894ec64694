import { App, Button } from 'antd'
import type { NotificationProvider } from '@refinedev/core'
import i18n from './i18n'

/**
 * Refine's notifications through antd's App context (so they follow the
 * theme and the reader's language). Kept here rather than taken from
 * @refinedev/antd so that the first screen does not load that package's
 * components before it needs them.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp()
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === 'progress') {
        notification.open({
          key,
          message,
          description: i18n.t('notifications.undoable', { seconds: undoableTimeout ?? 0 }),
          duration: undoableTimeout ?? 5,
          btn: (
            <Button
              size="small"
              onClick={() => {
                cancelMutation?.()
                notification.destroy(key ?? '')
              }}
            >
              {i18n.t('buttons.undo')}
            </Button>
          ),
        })
        return
      }
      notification.open({ key, description: message, message: description ?? null, type })
    },
    close: (key) => notification.destroy(key),
  }
}
