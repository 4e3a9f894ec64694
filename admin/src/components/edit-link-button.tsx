import { useEditButton, type BaseKey } from '@refinedev/core'
import { Button, type ButtonProps } from 'antd'
import { EditOutlined } from '@ant-design/icons'

/**
 * Refine's edit button (its label, its title, the access check that hides
 * or disables it, the link to the resource's edit address) without
 * @refinedev/antd's one bundle, whose import brings antd's Form into a
 * screen that has no form.
 */
export function EditLinkButton({
  resource,
  recordItemId,
  meta,
  ...button
}: Omit<ButtonProps, 'resource'> & {
  resource: string
  recordItemId: BaseKey
  meta?: Record<string, unknown>
}) {
  const { to, label, title, hidden, disabled, LinkComponent } = useEditButton({
    resource,
    id: recordItemId,
    meta,
  })
  if (hidden || button.hidden) return null
  const isDisabled = disabled || button.disabled
  return (
    <LinkComponent
      to={to}
      replace={false}
      onClick={(event: React.MouseEvent) => {
        if (isDisabled) event.preventDefault()
      }}
    >
      <Button
        icon={<EditOutlined />}
        title={title}
        className="refine-edit-button"
        {...button}
        disabled={isDisabled}
      >
        {label}
      </Button>
    </LinkComponent>
  )
}
