import { Space, Typography } from 'antd'
import { Toolbar } from './toolbar'

/**
 * A screen's frame: its title with the screen's controls on one line
 * (wrapping on narrow screens), then its content stacked with the studio's
 * spacing. `testId` names the screen for the browser tests.
 */
export function PageFrame({
  title,
  extra,
  testId,
  children,
}: {
  title: React.ReactNode
  extra?: React.ReactNode
  testId: string
  children: React.ReactNode
}) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={testId}>
      <Toolbar>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Toolbar>
      {children}
    </Space>
  )
}
