import { CanAccess } from '@refinedev/core'
import { Button, type ButtonProps } from 'antd'

/** A button shown only to those the access control lets do `action` on `resource`. */
export function GuardedButton({
  resource,
  action,
  ...button
}: ButtonProps & { resource: string; action: string }) {
  return (
    <CanAccess resource={resource} action={action} fallback={null}>
      <Button {...button} />
    </CanAccess>
  )
}
