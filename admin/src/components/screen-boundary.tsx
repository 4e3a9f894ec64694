import { Component, type ReactNode } from 'react'
import { Button, theme } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * What stands instead of a screen that could not be drawn: its code did not
 * arrive (the studio was updated while the tab stayed open, so the old chunk
 * is gone, or the connection dropped) or it failed while drawing. The frame
 * (menu, header) stays usable; a reload fetches the current version. Plain
 * markup and a Button, which the frame already carries: its own code must
 * not be one more chunk to fetch.
 */
function ScreenFailed() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <div
      role="alert"
      data-testid="screen-failed"
      style={{ display: 'grid', justifyItems: 'center', gap: 12, padding: '64px 24px' }}
    >
      <div style={{ fontSize: 20, fontWeight: 600, color: token.colorText }}>
        {t('app.screen_failed.title')}
      </div>
      <div style={{ maxWidth: 520, textAlign: 'center', color: token.colorTextSecondary }}>
        {t('app.screen_failed.note')}
      </div>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('app.screen_failed.reload')}
      </Button>
    </div>
  )
}

/**
 * Keeps an error inside one screen (or, at the top, inside the app) instead
 * of React unmounting the whole page into a blank one. Give it a `key` that
 * changes with the address, so that moving to another screen tries again.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.error('screen could not be drawn', error)
  }

  render() {
    return this.state.failed ? <ScreenFailed /> : this.props.children
  }
}
