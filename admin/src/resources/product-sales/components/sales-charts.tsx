import { Bar, Line, Pie } from '@ant-design/plots'
import { Card, Col, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import type { SalesSummary } from '../types'

/** GMV per month, per platform and the top creators. Loaded on demand with @ant-design/plots. */
export default function SalesCharts({
  summary,
  format,
  compact,
}: {
  summary: SalesSummary
  format: (value: number) => string
  compact: (value: number) => string
}) {
  const { t } = useTranslation()
  const months = summary.months.flatMap((row) => [
    { month: row.month, value: row.gmv_krw, series: t('commerce.gmv') },
    { month: row.month, value: row.commission_krw, series: t('commerce.commission') },
  ])
  const tooltip = {
    items: [{ channel: 'y', valueFormatter: (value: number) => `₩${format(value)}` }],
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('commerce.by_month')}>
          <Line
            data={months}
            height={260}
            xField="month"
            yField="value"
            colorField="series"
            axis={{ y: { labelFormatter: compact, title: false }, x: { title: false } }}
            tooltip={tooltip}
            animate={false}
          />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card size="small" title={t('commerce.by_platform')}>
          <Pie
            data={summary.platforms.map((row) => ({
              label: t(`enum.platform.${row.platform}`),
              value: row.gmv_krw,
            }))}
            height={260}
            angleField="value"
            colorField="label"
            innerRadius={0.55}
            legend={{ color: { position: 'bottom' } }}
            tooltip={tooltip}
            animate={false}
          />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card size="small" title={t('commerce.top_creators')}>
          <Bar
            data={summary.creators.map((row) => ({ label: row.name, value: row.gmv_krw }))}
            height={260}
            xField="label"
            yField="value"
            axis={{ y: { labelFormatter: compact, title: false }, x: { title: false } }}
            tooltip={tooltip}
            animate={false}
          />
        </Card>
      </Col>
    </Row>
  )
}
