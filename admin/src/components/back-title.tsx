import { Button, Space } from 'antd'
import { ArrowLeftOutlined } from '@ant-design/icons'

/** A card's title led by a back arrow (`label` names it for screen readers). */
export function BackTitle({
  onBack,
  label,
  children,
}: {
  onBack: () => void
  label: string
  children: React.ReactNode
}) {
  return (
    <Space>
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={label} />
      {children}
    </Space>
  )
}
