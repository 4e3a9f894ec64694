import { useMemo, useState } from 'react'
import { Alert, Card, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/page-frame'
import { useApiQuery } from '../../lib/use-api-query'
import { useNumberFormat } from '../../lib/format'
import { STATUS_COLOR, StatementDrawer } from '../settlement/statement-drawer'
import type { Settlement } from '../settlement/types'

/**
 * A creator account's Report: its own confirmed and paid monthly statements
 * (GET /api/creator/report_month), newest first; a row opens the statement
 * with every figure and the rates it used, and its PDF.
 */
export function MyStatements() {
  const { t } = useTranslation()
  const { money, format } = useNumberFormat()
  const [open, setOpen] = useState<number | null>(null)
  const query = useMemo(() => ({ _start: 0, _end: 200 }), [])
  const list = useApiQuery<{ items: Settlement[]; total: number }>(
    '/api/creator/report_month',
    query
  )
  const won = (value: string) => `₩${money(value)}`
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
          onRow={(row) => ({ onClick: () => setOpen(row.id), style: { cursor: 'pointer' } })}
          scroll={{ x: true }}
        >
          <Table.Column<Settlement> dataIndex="month" title={t('reports.columns.month')} />
          <Table.Column<Settlement>
            title={t('reports.my_statements.channel')}
            render={(_, row) => row.creator?.channel_name ?? row.creator_id}
          />
          <Table.Column<Settlement>
            dataIndex="status"
            title={t('reports.my_statements.status')}
            render={(status: Settlement['status']) => (
              <Tag color={STATUS_COLOR[status]}>{t(`settlement.statuses.${status}`)}</Tag>
            )}
          />
          <Table.Column<Settlement>
            dataIndex="views"
            title={t('reports.columns.views')}
            align="right"
            render={(value: number) => format(value)}
          />
          <Table.Column<Settlement>
            dataIndex="monthly_revenue_krw"
            title={t('reports.my_statements.monthly_revenue_krw')}
            align="right"
            render={won}
          />
          <Table.Column<Settlement>
            dataIndex="settled_krw"
            title={t('reports.columns.settled_krw')}
            align="right"
            render={won}
          />
          <Table.Column<Settlement>
            dataIndex="carried_forward_krw"
            title={t('reports.my_statements.carried_forward_krw')}
            align="right"
            render={won}
          />
        </Table>
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
