import { Card, Col, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart, LineChart } from '../../../components/charts'
import type { SalesSummary } from '../types'

/** GMV per month, per platform and the top creators, drawn by the studio's chart set. */
export function SalesCharts({
  summary,
  format,
  compact,
}: {
  summary: SalesSummary
  format: (value: number) => string
  compact: (value: number) => string
}) {
  const { t } = useTranslation()
  const won = (value: number) => `₩${format(value)}`
  const months = summary.months.flatMap((row) => [
    { x: row.month, value: row.gmv_krw, series: t('commerce.gmv') },
    { x: row.month, value: row.commission_krw, series: t('commerce.commission') },
  ])
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('commerce.by_month')}>
          <LineChart data={months} height={260} formatValue={won} formatAxis={compact} plain />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card size="small" title={t('commerce.by_platform')}>
          <Chart
            kind="pie"
            data={summary.platforms.map((row) => ({
              label: t(`enum.platform.${row.platform}`),
              value: row.gmv_krw,
            }))}
            height={260}
            formatValue={won}
            labels={false}
            plain
          />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card size="small" title={t('commerce.top_creators')}>
          <Chart
            kind="bar"
            data={summary.creators.map((row) => ({ label: row.name, value: row.gmv_krw }))}
            height={260}
            formatValue={won}
            formatAxis={compact}
            color="#1783FF"
            labels={false}
            plain
          />
        </Card>
      </Col>
    </Row>
  )
}
