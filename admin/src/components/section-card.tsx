import type { ReactNode } from 'react'
import { Card, Space } from 'antd'

/** A card of a page's section, titled with its icon and name (a creator's revenue, documents…). */
export function SectionCard({
  icon,
  title,
  extra,
  testId,
  children,
}: {
  icon: ReactNode
  title: ReactNode
  extra?: ReactNode
  testId?: string
  children: ReactNode
}) {
  return (
    <Card
      title={
        <Space>
          {icon}
          {title}
        </Space>
      }
      extra={extra}
      data-testid={testId}
    >
      {children}
    </Card>
  )
}
