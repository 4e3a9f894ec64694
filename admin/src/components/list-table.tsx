import { useDeferredValue } from 'react'
import { Table, type TableProps } from 'antd'

/**
 * A resource's list: rows keyed by id at the studio's middle size, with its
 * test id and empty text. The table is drawn as deferred work that React
 * splits into short slices, so a page of rich rows does not block the page
 * (clicks and typing stay answered while it draws): antd's Table draws every
 * row again whenever it is drawn, and a screen is drawn again each time one
 * of its reads answers (the list, its summary, the access checks). An urgent
 * render keeps the table drawn last; a deferred one brings it up to date.
 * Until the first rows are drawn the pager stays out, so it does not jump
 * down when they arrive.
 */
export function ListTable<T extends object>({
  testId,
  empty,
  ...table
}: TableProps<T> & { testId?: string; empty?: React.ReactNode }) {
  const loading = typeof table.loading === 'object' ? table.loading.spinning : table.loading
  const waiting = !table.dataSource?.length && Boolean(loading)
  return useDeferredValue(
    <Table<T>
      rowKey="id"
      size="middle"
      data-testid={testId}
      {...table}
      pagination={waiting ? false : table.pagination}
      locale={empty === undefined ? table.locale : { emptyText: empty }}
    />
  )
}

ListTable.Column = Table.Column

/** A small table of everything at once (no pages): a card's figures, a team's members. */
export function StaticTable<T extends object>(table: TableProps<T>) {
  return <Table<T> size="small" pagination={false} {...table} />
}

StaticTable.Column = Table.Column
StaticTable.Summary = Table.Summary
