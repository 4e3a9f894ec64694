import { Link } from 'react-router'
import { Button, Card, Result, type ResultProps } from 'antd'
import { PublicShell } from './public-shell'

/**
 * A page of the public shell that only says one thing (not found,
 * registered, not open), with `action` as its main button.
 */
export function PublicResult({
  action,
  ...result
}: ResultProps & { action?: { to: string; label: string } }) {
  return (
    <PublicShell>
      <Card>
        <Result
          {...result}
          extra={
            action ? (
              <Link to={action.to}>
                <Button type="primary">{action.label}</Button>
              </Link>
            ) : (
              result.extra
            )
          }
        />
      </Card>
    </PublicShell>
  )
}
