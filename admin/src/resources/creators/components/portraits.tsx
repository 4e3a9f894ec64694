import { useMemo, useState } from 'react'
import { Card, Col, Row, Segmented, Typography } from 'antd'
import { PieChartOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { PORTRAIT_AUDIENCES, PORTRAIT_DIMENSIONS } from '@shared/constants'
import type { Creator, PortraitBucket } from '../types'
import { bucketLabel } from './portrait-labels'
import { Chart, type ChartDatum } from '../../../components/charts'

type Dimension = (typeof PORTRAIT_DIMENSIONS)[number]
type Audience = (typeof PORTRAIT_AUDIENCES)[number]

const KIND: Record<Dimension, 'pie' | 'column' | 'bar'> = {
  sex: 'pie',
  device: 'pie',
  age: 'column',
  region: 'bar',
  partition: 'bar',
  label: 'bar',
}
const COLOR: Partial<Record<Dimension, string>> = {
  age: '#3b5bdb',
  region: '#0c8599',
  partition: '#7048e8',
  label: '#e8590c',
}

/** Age groups read youngest first ('<18', '18-24', …, '>40'); the API sends them by share. */
function ageOrder(bucket: string) {
  if (/^[<≤]/.test(bucket)) return -1
  if (/^[>≥]|\+$/.test(bucket)) return 1000 + (parseInt(bucket.replace(/\D+/g, ''), 10) || 0)
  const start = parseInt(bucket, 10)
  return Number.isNaN(start) ? 999 : start
}

/** Shares arrive as fractions (0–1) or percentages; charts draw percentages. */
function toPercent(buckets: PortraitBucket[]) {
  const values = buckets.map((bucket) => Number(bucket.share) || 0)
  const fraction = values.every((value) => value <= 1)
  return values.map((value) => Math.round((fraction ? value * 100 : value) * 10) / 10)
}

/** Fans and non-fans portraits: sex, age, region, device, partition and label tendency. */
export function Portraits({ portraits }: { portraits: Creator['portraits'] }) {
  const { t, i18n } = useTranslation()
  const [audience, setAudience] = useState<Audience>('fans')
  const percent = useMemo(
    () => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }),
    [i18n.language]
  )
  const formatValue = (value: number) => `${percent.format(value)}%`
  const regions = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' })
    } catch {
      return null
    }
  }, [i18n.language])

  const charts = useMemo(() => {
    const set = portraits?.[audience] ?? {}
    return PORTRAIT_DIMENSIONS.map((dimension) => {
      const buckets = [...(set[dimension] ?? [])]
      if (dimension === 'age') buckets.sort((a, b) => ageOrder(a.bucket) - ageOrder(b.bucket))
      const values = toPercent(buckets)
      const data: ChartDatum[] = buckets.map((bucket, index) => ({
        label: bucketLabel(t, dimension, bucket.bucket, regions),
        value: values[index],
      }))
      if (KIND[dimension] === 'bar') data.sort((a, b) => b.value - a.value)
      return { dimension, data: KIND[dimension] === 'bar' ? data.slice(0, 10) : data }
    })
  }, [portraits, audience, t, regions])

  return (
    <Card
      title={
        <span>
          <PieChartOutlined /> {t('creators.portraits.title')}
        </span>
      }
      extra={
        <Segmented<Audience>
          value={audience}
          onChange={setAudience}
          options={PORTRAIT_AUDIENCES.map((value) => ({
            value,
            label: t(`creators.portraits.audience.${value}`),
          }))}
          data-testid="portrait-audience"
        />
      }
      data-testid="portraits"
    >
      <Row gutter={[24, 24]}>
        {charts.map(({ dimension, data }) => (
          <Col key={dimension} xs={24} md={12} xxl={8}>
            <Typography.Text strong>
              {t(`creators.portraits.dimensions.${dimension}`)}
            </Typography.Text>
            <Chart
              kind={KIND[dimension]}
              data={data}
              height={KIND[dimension] === 'bar' ? undefined : 220}
              formatValue={formatValue}
              color={COLOR[dimension]}
              empty={t('creators.portraits.empty')}
            />
          </Col>
        ))}
      </Row>
    </Card>
  )
}
