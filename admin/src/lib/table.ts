import type { ReactNode } from 'react'
import type { TableColumnType } from 'antd'

/** Header or body cells kept on one line (`onHeaderCell={nowrap}`, `onCell={nowrap}`). */
export const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } })
/** Both header and body cells on one line. */
export const nowrapCells = { onHeaderCell: nowrap, onCell: nowrap }

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
    onCell: nowrap,
    render: (_: unknown, row: T) => render(row),
  }
}
