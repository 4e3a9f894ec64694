import { useState } from 'react'
import { CanAccess, useDelete } from '@refinedev/core'
import { App, Button, Tooltip } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import {
  prefetchSecurityCodeDialog,
  SecurityCodeDialog,
} from '../../../components/security-code-dialog'

/**
 * Deletes a creator after asking for the security code (the API wants it
 * in the body), shown only to those the accessControlProvider allows. A list
 * that already asked (one check for all its rows) passes the answer as
 * `allowed`.
 */
export function DeleteCreatorButton({
  id,
  name,
  hideText = false,
  size = 'small',
  onDeleted,
  allowed,
}: {
  allowed?: boolean
  id: number
  name: string
  hideText?: boolean
  size?: 'small' | 'middle'
  onDeleted?: () => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)

  const label = t('buttons.delete')
  const button = (
    <>
      <Tooltip title={hideText ? label : undefined}>
        <Button
          danger
          size={size}
          icon={<DeleteOutlined />}
          onPointerEnter={prefetchSecurityCodeDialog}
          onFocus={prefetchSecurityCodeDialog}
          onClick={() => setOpen(true)}
          aria-label={label}
          data-testid={`delete-${id}`}
        >
          {hideText ? null : label}
        </Button>
      </Tooltip>
      {open && (
        <DeleteDialog id={id} name={name} onClose={() => setOpen(false)} onDeleted={onDeleted} />
      )}
    </>
  )
  if (allowed !== undefined) return allowed ? button : null
  return (
    <CanAccess resource="creators" action="delete" params={{ id }} fallback={null}>
      {button}
    </CanAccess>
  )
}

/**
 * The code dialog and the delete call, mounted while open: a list draws a
 * Delete button in each row, and Refine's delete hook (a mutation with its
 * cache invalidation and audit plumbing) is set up only for the row asked.
 */
function DeleteDialog({
  id,
  name,
  onClose,
  onDeleted,
}: {
  id: number
  name: string
  onClose: () => void
  onDeleted?: () => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { mutateAsync } = useDelete()
  const label = t('buttons.delete')
  return (
    <SecurityCodeDialog
      mounted
      open
      title={t('creators.delete.title', { name })}
      description={t('creators.delete.body')}
      okText={label}
      onCancel={onClose}
      onSubmit={async (code) => {
        await mutateAsync({
          resource: 'creators',
          id,
          values: { security_code: code },
          successNotification: false,
          errorNotification: false,
        })
        onClose()
        message.success(t('creators.delete.done', { name }))
        onDeleted?.()
      }}
    />
  )
}
