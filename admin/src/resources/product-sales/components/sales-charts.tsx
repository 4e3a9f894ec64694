import { Card, Col, Row, type ColProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart, LineChart } from '../../../components/charts'
import type { SalesSummary } from '../types'

/** GMV per month, per platform and the top creators, drawn by the studio's chart set. */
export function SalesCharts({
  summary,
  format,
  axis,
}: {
  summary: SalesSummary
  format: (value: number) => string
  /** The value axes (the number hooks' `axis`). */
  axis: (value: number, ticks?: readonly number[]) => string
}) {
  const { t } = useTranslation()
  const won = (value: number) => `₩${format(value)}`
  /** The plot library's own look, in won, without values written on the marks. */
  const look = { height: 260, formatValue: won, labels: false, plain: true }
  const months = summary.months.flatMap((row) => [
    { x: row.month, value: row.gmv_krw, series: t('commerce.gmv') },
    { x: row.month, value: row.commission_krw, series: t('commerce.commission') },
  ])
  const panel = (title: string, span: ColProps, chart: React.ReactNode) => (
    <Col xs={24} {...span}>
      <Card size="small" title={title}>
        {chart}
      </Card>
    </Col>
  )
  const byPlatform = summary.platforms.map((row) => ({
    label: t(`enum.platform.${row.platform}`),
    value: row.gmv_krw,
  }))
  const byCreator = summary.creators.map((row) => ({ label: row.name, value: row.gmv_krw }))
  return (
    <Row gutter={[16, 16]}>
      {panel(
        t('commerce.by_month'),
        { xl: 12 },
        <LineChart data={months} height={260} formatValue={won} formatAxis={axis} plain />
      )}
      {panel(
        t('commerce.by_platform'),
        { md: 12, xl: 6 },
        <Chart kind="pie" data={byPlatform} {...look} />
      )}
      {panel(
        t('commerce.top_creators'),
        { md: 12, xl: 6 },
        <Chart kind="bar" data={byCreator} {...look} formatAxis={axis} color="#1783FF" />
      )}
    </Row>
  )
}
