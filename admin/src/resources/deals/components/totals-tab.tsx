import { useMemo, useState } from 'react'
import { useCustom } from '@refinedev/core'
import { Card, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart } from '../../../components/charts'
import { useNumberFormat } from '../../../lib/format'
import { StaticTable } from '../../../components/list-table'

interface TotalsRow {
  team: string | null
  month: string
  signed: number
  signed_krw: number
  delivered: number
  delivered_krw: number
}

/** The totals tab: deals signed and delivered per team and month of a year, charted and tabled. */
/** The figures of a row after its month and team; the ones in won carry the sign. */
const FIGURES = ['signed', 'signed_krw', 'delivered', 'delivered_krw'] as const
const TITLES = {
  signed: 'market.signed_count',
  signed_krw: 'market.signed_krw',
  delivered: 'market.delivered_count',
  delivered_krw: 'market.delivered_krw',
} as const
const won = (key: (typeof FIGURES)[number], text: React.ReactNode) =>
  key.endsWith('_krw') ? <>₩{text}</> : text

export function TotalsTab() {
  const { t } = useTranslation()
  const { format, axis } = useNumberFormat()
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
          formatAxis={axis}
          empty={t('market.no_totals')}
          testId="totals-chart"
        />
      </Card>
      <StaticTable<TotalsRow>
        rowKey={(row) => `${row.team}-${row.month}`}
        dataSource={rows}
        loading={query.isLoading}
        data-testid="totals-table"
        summary={(data) => (
          <StaticTable.Summary.Row>
            <StaticTable.Summary.Cell index={0} colSpan={2}>
              <strong>{t('market.total')}</strong>
            </StaticTable.Summary.Cell>
            {FIGURES.map((key, index) => (
              <StaticTable.Summary.Cell key={key} index={index + 2} align="right">
                {won(key, format(data.reduce((sum, row) => sum + row[key], 0)))}
              </StaticTable.Summary.Cell>
            ))}
          </StaticTable.Summary.Row>
        )}
      >
        <StaticTable.Column<TotalsRow> dataIndex="month" title={t('market.month')} />
        <StaticTable.Column<TotalsRow>
          dataIndex="team"
          title={t('market.team')}
          render={(value) => teamName(value)}
        />
        {FIGURES.map((key) => (
          <StaticTable.Column<TotalsRow>
            key={key}
            dataIndex={key}
            title={t(TITLES[key])}
            align="right"
            render={(value) => won(key, key.endsWith('_krw') ? format(value) : value)}
          />
        ))}
      </StaticTable>
    </Space>
  )
}
