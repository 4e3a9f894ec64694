import { useMemo, useState } from 'react'
import { Alert, Card, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/page-frame'
import { useApiQuery } from '../../lib/use-api-query'
import { useNumberFormat } from '../../lib/format'
import { StatementDrawer } from '../settlement/statement-drawer'
import { opensStatement, useStatementColumns } from '../settlement/statement-columns'
import type { Settlement } from '../settlement/types'

/**
 * A creator account's Report: its own confirmed and paid monthly statements
 * (GET /api/creator/report_month), newest first; a row opens the statement
 * with every figure and the rates it used, and its PDF.
 */
export function MyStatements() {
  const { t } = useTranslation()
  const { format } = useNumberFormat()
  const columns = useStatementColumns()
  const [open, setOpen] = useState<number | null>(null)
  const query = useMemo(() => ({ _start: 0, _end: 200 }), [])
  const list = useApiQuery<{ items: Settlement[]; total: number }>(
    '/api/creator/report_month',
    query
  )
  return (
    <PageFrame testId="my-statements" title={t('reports.my_statements.title')}>
      <Card>
        {list.error && <Alert type="error" showIcon message={list.error} />}
        <Table<Settlement>
          rowKey="id"
          size="middle"
          loading={list.loading}
          dataSource={list.data?.items ?? []}
          pagination={{ pageSize: 24 }}
          locale={{ emptyText: t('reports.my_statements.empty') }}
          onRow={opensStatement(setOpen)}
          scroll={{ x: true }}
          columns={[
            columns.month(t('reports.columns.month')),
            {
              key: 'channel',
              title: t('reports.my_statements.channel'),
              render: (_, row) => row.creator?.channel_name ?? row.creator_id,
            },
            columns.status(t('reports.my_statements.status')),
            {
              key: 'views',
              dataIndex: 'views',
              title: t('reports.columns.views'),
              align: 'right',
              render: (value: number) => format(value),
            },
            columns.figure('monthly_revenue_krw', t('reports.my_statements.monthly_revenue_krw')),
            columns.figure('settled_krw', t('reports.columns.settled_krw')),
            columns.figure('carried_forward_krw', t('reports.my_statements.carried_forward_krw')),
          ]}
        />
        <StatementDrawer
          id={open}
          canManage={false}
          onClose={() => setOpen(null)}
          onChanged={() => list.refetch()}
        />
      </Card>
    </PageFrame>
  )
}
