import { Button, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DIALOG_BACKDROP_TIMEOUT_MS } from '@shared/constants'
import { authStore, useAuthStore } from '../providers/auth-store'
import { session } from '../providers/session'

/** Closing any dialog reloads the root once the backdrop has faded (SPEC §4). */
function reloadRoot() {
  window.setTimeout(() => window.location.replace('/'), DIALOG_BACKDROP_TIMEOUT_MS)
}

/**
 * The dialogs of SPEC §4 — Login Failed, Server Error, IP is NOT REGISTERED
 * — and the session-expired prompt raised by the token-expired flag.
 */
export function AuthDialogs() {
  const { t } = useTranslation()
  const { dialog, tokenExpired } = useAuthStore()

  const close = () => {
    if (dialog?.kind === 'ip_not_registered') session.clear()
    authStore.closeDialog()
    reloadRoot()
  }

  let title = ''
  let body: React.ReactNode = null
  if (dialog?.kind === 'login_failed') {
    title = t('dialogs.login_failed_title')
    body = (
      <>
        <Typography.Paragraph strong>{t('dialogs.login_failed_body')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {dialog.message ?? t('dialogs.login_failed_detail')}
        </Typography.Paragraph>
      </>
    )
  } else if (dialog?.kind === 'server_error') {
    title = t('dialogs.server_error_title')
    body = <Typography.Paragraph>{t('dialogs.server_error_body')}</Typography.Paragraph>
  } else if (dialog?.kind === 'ip_not_registered') {
    title = t('dialogs.ip_title')
    body = <Typography.Paragraph>{t('dialogs.ip_body', { ip: dialog.ip })}</Typography.Paragraph>
  }

  return (
    <>
      <Modal
        open={dialog !== null}
        title={<span data-testid="auth-dialog-title">{title}</span>}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {t('dialogs.close')}
          </Button>
        }
        destroyOnHidden
        centered
      >
        <div data-testid="auth-dialog-body">{body}</div>
      </Modal>
      <Modal
        open={tokenExpired && dialog === null}
        title={t('dialogs.session_expired_title')}
        closable={false}
        maskClosable={false}
        footer={
          <Button
            type="primary"
            onClick={() => {
              session.clear()
              window.location.assign('/login')
            }}
          >
            {t('dialogs.sign_in_again')}
          </Button>
        }
        centered
      >
        {t('dialogs.session_expired_body')}
      </Modal>
    </>
  )
}

export default AuthDialogs
