import { useMemo, useState } from 'react'
import { useCustom } from '@refinedev/core'
import { Card, Select, Space, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart } from '../../../components/charts'
import { useNumberFormat } from '../../../lib/format'

interface TotalsRow {
  team: string | null
  month: string
  signed: number
  signed_krw: number
  delivered: number
  delivered_krw: number
}

/** The totals tab: deals signed and delivered per team and month of a year, charted and tabled. */
export function TotalsTab() {
  const { t } = useTranslation()
  const { format, compact } = useNumberFormat()
  const [year, setYear] = useState(new Date().getFullYear())
  const { query } = useCustom<{ rows: TotalsRow[] }>({
    url: '/api/market/totals',
    method: 'get',
    config: { query: { year } },
  })
  const rows = useMemo(() => query.data?.data?.rows ?? [], [query.data])
  const teamName = (team: string | null) => (team ? t(`enum.team.${team}`) : t('market.no_team'))
  const chart = rows.map((row) => ({
    label: row.month,
    series: teamName(row.team),
    value: row.signed_krw,
  }))
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Select
        value={year}
        onChange={setYear}
        style={{ width: 120 }}
        options={[0, 1, 2, 3].map((back) => ({
          value: new Date().getFullYear() - back,
          label: String(new Date().getFullYear() - back),
        }))}
      />
      <Card size="small" title={t('market.signed_per_month')}>
        <Chart
          kind="column"
          data={chart}
          height={280}
          formatValue={(value) => `₩${format(value)}`}
          formatAxis={compact}
          empty={t('market.no_totals')}
          testId="totals-chart"
        />
      </Card>
      <Table<TotalsRow>
        rowKey={(row) => `${row.team}-${row.month}`}
        size="small"
        dataSource={rows}
        loading={query.isLoading}
        pagination={false}
        data-testid="totals-table"
        summary={(data) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <strong>{t('market.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {format(data.reduce((sum, row) => sum + row.signed, 0))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              ₩{format(data.reduce((sum, row) => sum + row.signed_krw, 0))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {format(data.reduce((sum, row) => sum + row.delivered, 0))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              ₩{format(data.reduce((sum, row) => sum + row.delivered_krw, 0))}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      >
        <Table.Column<TotalsRow> dataIndex="month" title={t('market.month')} />
        <Table.Column<TotalsRow>
          dataIndex="team"
          title={t('market.team')}
          render={(value) => teamName(value)}
        />
        <Table.Column<TotalsRow>
          dataIndex="signed"
          title={t('market.signed_count')}
          align="right"
        />
        <Table.Column<TotalsRow>
          dataIndex="signed_krw"
          title={t('market.signed_krw')}
          align="right"
          render={(value) => `₩${format(value)}`}
        />
        <Table.Column<TotalsRow>
          dataIndex="delivered"
          title={t('market.delivered_count')}
          align="right"
        />
        <Table.Column<TotalsRow>
          dataIndex="delivered_krw"
          title={t('market.delivered_krw')}
          align="right"
          render={(value) => `₩${format(value)}`}
        />
      </Table>
    </Space>
  )
}
