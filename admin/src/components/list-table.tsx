import { Table, type TableProps } from 'antd'

/** A resource's list: rows keyed by id at the studio's middle size, with its test id and empty text. */
export function ListTable<T extends object>({
  testId,
  empty,
  ...table
}: TableProps<T> & { testId?: string; empty?: React.ReactNode }) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      data-testid={testId}
      {...table}
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
