import { useMemo } from 'react'
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LineChart } from '../../../components/charts'
import type { DataCenterPanel, GrowthSide } from '../../../lib/metrics'
import type { MetricFormat } from '../../../lib/format'

const COLORS = { china: '#e03131', youtube: '#343a40' }

/**
 * Cumulative fan growth of the Chinese platforms against YouTube since the
 * period's start: the two summaries, which one grows faster, and the lines.
 */
export function GrowthVsYoutube({
  panel,
  format,
}: {
  panel: DataCenterPanel
  format: MetricFormat
}) {
  const { t } = useTranslation()
  const { china, youtube, series } = panel.growth_vs_youtube
  const names = { china: t('data_center.youtube.china'), youtube: t('data_center.youtube.youtube') }
  const data = useMemo(
    () =>
      series.flatMap((point) => [
        { x: point.date, value: point.china_rate, series: names.china },
        { x: point.date, value: point.youtube_rate, series: names.youtube },
      ]),
    [series, names.china, names.youtube]
  )
  const lead = china.rate !== null && youtube.rate !== null ? china.rate - youtube.rate : null

  const side = (key: 'china' | 'youtube', figures: GrowthSide) => (
    <Card
      size="small"
      style={{ borderTop: `3px solid ${COLORS[key]}`, height: '100%' }}
      data-testid={`growth-${key}`}
    >
      <Typography.Text strong>{names[key]}</Typography.Text>
      <Row gutter={12} style={{ marginTop: 8 }}>
        <Col span={12}>
          <Statistic
            title={t('data_center.youtube.rate')}
            value={format.signedPercent(figures.rate)}
            valueStyle={{ color: (figures.rate ?? 0) >= 0 ? '#2f9e44' : '#e03131' }}
            prefix={
              figures.rate === null ? null : figures.rate >= 0 ? (
                <ArrowUpOutlined />
              ) : (
                <ArrowDownOutlined />
              )
            }
          />
        </Col>
        <Col span={12}>
          <Statistic
            title={t('data_center.youtube.gained')}
            value={format.signed(figures.gained)}
          />
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('data_center.youtube.from_to', {
          start: format.number(figures.fans_start),
          end: format.number(figures.fans_end),
        })}
      </Typography.Text>
    </Card>
  )

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={9}>
          {side('china', china)}
        </Col>
        <Col xs={24} md={9}>
          {side('youtube', youtube)}
        </Col>
        <Col xs={24} md={6}>
          <Card size="small" style={{ height: '100%' }} data-testid="growth-summary">
            <Typography.Text type="secondary">
              {t('data_center.youtube.summary_title')}
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              {lead === null ? (
                <Typography.Text type="secondary">
                  {t('data_center.youtube.no_compare')}
                </Typography.Text>
              ) : (
                <>
                  <Tag
                    color={lead >= 0 ? 'red' : 'default'}
                    style={{ fontSize: 14, padding: '2px 8px' }}
                  >
                    {lead >= 0 ? names.china : names.youtube}
                  </Tag>
                  <Typography.Paragraph style={{ margin: '8px 0 0' }}>
                    {t(
                      lead >= 0
                        ? 'data_center.youtube.china_ahead'
                        : 'data_center.youtube.youtube_ahead',
                      {
                        points: format.index(Math.abs(lead) * 100),
                      }
                    )}
                  </Typography.Paragraph>
                </>
              )}
            </div>
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        title={t('data_center.youtube.chart_title', {
          start: panel.range.start,
          end: panel.range.end,
        })}
      >
        <LineChart
          data={data}
          colors={[COLORS.china, COLORS.youtube]}
          formatValue={format.signedPercent}
          formatAxis={format.percent}
          empty={t('data_center.no_data')}
          testId="chart-growth"
        />
      </Card>
    </div>
  )
}
