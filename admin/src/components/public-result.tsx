import { Card, Result, type ResultProps } from 'antd'
import { PublicShell } from './public-shell'

/** A page of the public shell that only says one thing (not found, registered, not open). */
export function PublicResult(props: ResultProps) {
  return (
    <PublicShell>
      <Card>
        <Result {...props} />
      </Card>
    </PublicShell>
  )
}
