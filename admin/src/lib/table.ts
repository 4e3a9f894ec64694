import type { ReactNode } from 'react'
import type { TableColumnType } from 'antd'

/** A right-aligned figure column whose numbers stay on one line. */
export function figureColumn<T>(
  key: string,
  title: ReactNode,
  render: (row: T) => ReactNode
): TableColumnType<T> {
  return {
    key,
    title,
    align: 'right',
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_: unknown, row: T) => render(row),
  }
}
