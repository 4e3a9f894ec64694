import { useState } from 'react'
import { useCan, useCustom, useCustomMutation } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import { Button, Card, Col, DatePicker, Row, Space, Statistic, Table, Tabs, Tooltip } from 'antd'
import { PlayCircleOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useSaveFeedback } from '../../lib/feedback'
import { nowrap } from '../../lib/table'
import { RevenueTab } from './revenue-tab'
import { ExchangeRatesTab, SettlementRatesTab } from './rates-tab'
import { StatementDrawer } from './statement-drawer'
import { opensStatement, useStatementColumns, type WonFigure } from './statement-columns'
import type { Settlement, Totals } from './types'

/** The won figures of the statements table, in the statement's order. */
const TABLE_FIGURES: WonFigure[] = [
  'platform_total_krw',
  'china_tax_krw',
  'monthly_revenue_krw',
  'carry_over_krw',
  'settled_krw',
  'carried_forward_krw',
]

/** The month's totals: six in a row on wide screens, three where won amounts would crowd (1366 px). */
const TOTAL_COL = { xs: 12, md: 8, xxl: 4 }

/**
 * /app/creator_adjustment — the monthly settlement: pick a month, run it,
 * read the statements with their totals, open one with every figure and the
 * rates and rounding it used, confirm and mark paid; enter revenue (or
 * import it), exchange rates and the rates.
 */
export function SettlementPage() {
  const { t } = useTranslation()
  const columns = useStatementColumns()
  const feedback = useSaveFeedback()
  const { data: canManage } = useCan({ resource: 'settlement', action: 'manage' })
  const manage = Boolean(canManage?.can)
  const [month, setMonth] = useState<Dayjs>(() => dayjs().subtract(1, 'month').startOf('month'))
  const [rateDate, setRateDate] = useState<Dayjs | null>(null)
  const [open, setOpen] = useState<number | null>(null)
  const key = month.format('YYYY-MM')
  const { tableProps, tableQuery } = useTable<Settlement>({
    resource: 'settlements',
    pagination: { pageSize: 50 },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'month', operator: 'eq', value: key }] },
  })
  const totals = useCustom<Totals>({
    url: '/api/settlements/totals',
    method: 'get',
    config: { query: { month: key } },
    errorNotification: false,
  })
  const refresh = () => {
    void tableQuery.refetch()
    void totals.query.refetch()
  }
  const { mutate: run, mutation } = useCustomMutation<{
    drafts: number
    replaced: number
    kept: number
  }>()
  const runMonth = () =>
    run(
      {
        url: '/api/settlements/run',
        method: 'post',
        values: { month: key, ...(rateDate ? { rate_date: rateDate.format('YYYY-MM-DD') } : {}) },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          feedback.succeeded(String(t('settlement.ran', data)))
          refresh()
        },
        onError: (error) => feedback.failed(error),
      }
    )
  const sum = totals.query.data?.data

  const statements = (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {(
          [
            'platform_total_krw',
            'china_tax_krw',
            'monthly_revenue_krw',
            'settled_krw',
            'carried_forward_krw',
          ] as const
        ).map((figure) => (
          <Col key={figure} {...TOTAL_COL}>
            <Statistic
              title={t(`settlement.figures.${figure}`)}
              value={columns.won(sum?.[figure])}
              loading={totals.query.isLoading}
            />
          </Col>
        ))}
        <Col {...TOTAL_COL}>
          <Statistic
            title={t('settlement.statements')}
            value={sum ? `${sum.statements}` : '—'}
            suffix={
              sum ? (
                <Tooltip title={t('settlement.by_status', sum.by_status)}>
                  <span style={{ fontSize: 12 }}>
                    {' '}
                    ({sum.by_status.draft ?? 0}/{sum.by_status.confirmed ?? 0}/
                    {sum.by_status.paid ?? 0})
                  </span>
                </Tooltip>
              ) : null
            }
          />
        </Col>
      </Row>
      <Table<Settlement>
        {...tableProps}
        rowKey="id"
        size="middle"
        onRow={opensStatement(setOpen)}
        data-testid="settlement-table"
        scroll={{ x: true }}
        columns={[
          {
            key: 'creator',
            title: t('settlement.fields.creator'),
            onCell: nowrap,
            render: (_, row) =>
              row.creator
                ? `${row.creator.channel_name} · ${row.creator.brand_no}`
                : row.creator_id,
          },
          columns.status(),
          ...TABLE_FIGURES.map((figure) => columns.figure(figure)),
        ]}
      />
    </>
  )

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('menu.creator_adjustment')}
        extra={
          <Space wrap>
            <DatePicker
              picker="month"
              allowClear={false}
              value={month}
              onChange={(value) => value && setMonth(value.startOf('month'))}
              data-testid="settlement-month"
            />
            {manage ? (
              <>
                <DatePicker
                  value={rateDate}
                  onChange={setRateDate}
                  placeholder={t('settlement.rate_date_placeholder')}
                  // the whole placeholder, in the longest language too
                  style={{ width: 240 }}
                  data-testid="settlement-rate-date"
                />
                <Button
                  type="primary"
                  icon={<PlayCircleOutlined />}
                  loading={mutation.isPending}
                  onClick={runMonth}
                  data-testid="settlement-run"
                >
                  {t('settlement.actions.run')}
                </Button>
              </>
            ) : null}
          </Space>
        }
      >
        <Tabs
          items={[
            { key: 'statements', label: t('settlement.tabs.statements'), children: statements },
            {
              key: 'revenue',
              label: t('settlement.tabs.revenue'),
              children: <RevenueTab month={key} canManage={manage} onChanged={refresh} />,
            },
            {
              key: 'exchange',
              label: t('settlement.tabs.exchange'),
              children: <ExchangeRatesTab canManage={manage} />,
            },
            {
              key: 'rates',
              label: t('settlement.tabs.rates'),
              children: <SettlementRatesTab canManage={manage} />,
            },
          ]}
        />
      </Card>
      <StatementDrawer
        id={open}
        canManage={manage}
        onClose={() => setOpen(null)}
        onChanged={refresh}
      />
    </Space>
  )
}

export default SettlementPage
