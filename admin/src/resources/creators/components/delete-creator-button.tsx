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
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const { mutateAsync } = useDelete()

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
      <SecurityCodeDialog
        mounted={open}
        open={open}
        title={t('creators.delete.title', { name })}
        description={t('creators.delete.body')}
        okText={label}
        onCancel={() => setOpen(false)}
        onSubmit={async (code) => {
          await mutateAsync({
            resource: 'creators',
            id,
            values: { security_code: code },
            successNotification: false,
            errorNotification: false,
          })
          setOpen(false)
          message.success(t('creators.delete.done', { name }))
          onDeleted?.()
        }}
      />
    </>
  )
  if (allowed !== undefined) return allowed ? button : null
  return (
    <CanAccess resource="creators" action="delete" params={{ id }} fallback={null}>
      {button}
    </CanAccess>
  )
}
