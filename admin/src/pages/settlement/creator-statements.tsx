import { useMemo, useState } from 'react'
import { CanAccess, useCan } from '@refinedev/core'
import { FilePdfOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { DownloadButton } from '../../components/download-button'
import { StaticTable } from '../../components/list-table'
import { SectionCard } from '../../components/section-card'
import { useApiQuery } from '../../lib/use-api-query'
import { StatementDrawer } from './statement-drawer'
import { opensStatement, useStatementColumns } from './statement-columns'
import type { Settlement } from './types'

/** How many of the creator's newest statements the card lists. */
const RECENT = 12

function Statements({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation()
  const columns = useStatementColumns()
  const { data: canManage } = useCan({ resource: 'settlement', action: 'manage' })
  const [open, setOpen] = useState<number | null>(null)
  const params = useMemo(() => ({ creator_id: creatorId, _start: 0, _end: RECENT }), [creatorId])
  const list = useApiQuery<Settlement[]>('/api/settlements', params)
  return (
    <SectionCard icon={<FilePdfOutlined />} title={t('creators.revenue.title')} testId="revenue">
      <StaticTable<Settlement>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('creators.revenue.empty') }}
        onRow={opensStatement(setOpen)}
        scroll={{ x: true }}
        columns={[
          columns.month(t('creators.revenue.month')),
          columns.status(),
          columns.figure('monthly_revenue_krw'),
          columns.figure('settled_krw'),
          {
            key: 'pdf',
            render: (_, row) => (
              <span onClick={(event) => event.stopPropagation()}>
                <DownloadButton
                  size="small"
                  url={`/api/settlements/${row.id}/pdf`}
                  fileName={`statement-${row.month}-${row.creator_id}.pdf`}
                  icon={<FilePdfOutlined />}
                  aria-label={t('settlement.actions.pdf')}
                />
              </span>
            ),
          },
        ]}
      />
      <StatementDrawer
        id={open}
        canManage={Boolean(canManage?.can)}
        onClose={() => setOpen(null)}
        onChanged={() => list.refetch()}
      />
    </SectionCard>
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
