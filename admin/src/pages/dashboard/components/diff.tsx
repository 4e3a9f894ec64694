import { Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { useDashboardFormat } from '../../../lib/format'

const UP_COLOR = '#2f9e44'
const DOWN_COLOR = '#e03131'

/** A difference or a growth rate: green ↑ when it rose, red ↓ when it fell, grey when flat or unknown. */
export function Diff({
  value,
  kind = 'count',
  compact = false,
  strong = false,
  testId,
}: {
  value: number | null | undefined
  kind?: 'count' | 'percent'
  compact?: boolean
  strong?: boolean
  testId?: string
}) {
  const f = useDashboardFormat()
  const number = value === null || value === undefined ? null : Number(value)
  const text =
    kind === 'percent' ? f.percent(number) : compact ? f.signedCompact(number) : f.signed(number)
  const color = number === null || number === 0 ? undefined : number > 0 ? UP_COLOR : DOWN_COLOR
  return (
    <Typography.Text
      type={color ? undefined : 'secondary'}
      strong={strong}
      style={{ color, whiteSpace: 'nowrap' }}
      data-testid={testId}
      data-value={number ?? ''}
    >
      {number !== null && number > 0 && (
        <ArrowUpOutlined style={{ fontSize: '0.85em', marginInlineEnd: 2 }} />
      )}
      {number !== null && number < 0 && (
        <ArrowDownOutlined style={{ fontSize: '0.85em', marginInlineEnd: 2 }} />
      )}
      {text}
    </Typography.Text>
  )
}
