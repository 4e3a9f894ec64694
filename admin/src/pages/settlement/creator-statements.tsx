import { useMemo, useState } from 'react'
import { CanAccess, useCan } from '@refinedev/core'
import { Card, Space, Table, Tag } from 'antd'
import { FilePdfOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { DownloadButton } from '../../components/download-button'
import { useApiQuery } from '../../lib/use-api-query'
import { useNumberFormat } from '../../lib/format'
import { STATUS_COLOR, StatementDrawer } from './statement-drawer'
import type { Settlement } from './types'

/** How many of the creator's newest statements the card lists. */
const RECENT = 12

function Statements({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation()
  const { money } = useNumberFormat()
  const { data: canManage } = useCan({ resource: 'settlement', action: 'manage' })
  const [open, setOpen] = useState<number | null>(null)
  const params = useMemo(() => ({ creator_id: creatorId, _start: 0, _end: RECENT }), [creatorId])
  const list = useApiQuery<Settlement[]>('/api/settlements', params)
  const won = (value: string) => `₩${money(value)}`
  return (
    <Card
      title={
        <Space>
          <FilePdfOutlined />
          {t('creators.revenue.title')}
        </Space>
      }
      data-testid="revenue"
    >
      <Table<Settlement>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('creators.revenue.empty') }}
        onRow={(row) => ({ onClick: () => setOpen(row.id), style: { cursor: 'pointer' } })}
        scroll={{ x: true }}
      >
        <Table.Column<Settlement> dataIndex="month" title={t('creators.revenue.month')} />
        <Table.Column<Settlement>
          dataIndex="status"
          title={t('settlement.fields.status')}
          render={(status: Settlement['status']) => (
            <Tag color={STATUS_COLOR[status]}>{t(`settlement.statuses.${status}`)}</Tag>
          )}
        />
        <Table.Column<Settlement>
          dataIndex="monthly_revenue_krw"
          title={t('settlement.figures.monthly_revenue_krw')}
          align="right"
          render={won}
        />
        <Table.Column<Settlement>
          dataIndex="settled_krw"
          title={t('settlement.figures.settled_krw')}
          align="right"
          render={won}
        />
        <Table.Column<Settlement>
          key="pdf"
          render={(_, row) => (
            <span onClick={(event) => event.stopPropagation()}>
              <DownloadButton
                size="small"
                url={`/api/settlements/${row.id}/pdf`}
                fileName={`statement-${row.month}-${row.creator_id}.pdf`}
                icon={<FilePdfOutlined />}
                aria-label={t('settlement.actions.pdf')}
              />
            </span>
          )}
        />
      </Table>
      <StatementDrawer
        id={open}
        canManage={Boolean(canManage?.can)}
        onClose={() => setOpen(null)}
        onChanged={() => list.refetch()}
      />
    </Card>
  )
}

/**
 * The creator's monthly revenue statements on the creator's page (SPEC §3
 * 'Revenue statement'), each with its PDF, for those who see money.
 */
export function CreatorStatementsCard({ creatorId }: { creatorId: number }) {
  return (
    <CanAccess resource="settlement" action="statements">
      <Statements creatorId={creatorId} />
    </CanAccess>
  )
}
