import { useMemo, useState } from 'react'
import { Segmented, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { METRICS, type Metric, type PlatformKey } from '@shared/constants'
import type { CreatorDataProps } from '../../types'
import type { Granularity, MetricSeries, SeriesMode } from '../../../../lib/metrics'
import { LineChart } from '../../../../components/charts'
import { useApiQuery } from '../../../../lib/use-api-query'
import { useMetricFormat } from '../../../../lib/format'
import { rangeEndingOn, useLatestDate } from '../../../../lib/dates'
import { LoadState } from '../../../../components/load-state'
import { PlatformSelect } from '../../../../components/platform-select'

const WINDOWS = [30, 90, 180, 365] as const
const GRANULARITY: Record<(typeof WINDOWS)[number], Granularity> = {
  30: 'day',
  90: 'day',
  180: 'week',
  365: 'week',
}

/** One metric of this creator over time (GET /api/metrics/series), all platforms summed or one. */
export function TrendTab({ creatorId, accounts }: CreatorDataProps) {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const { latest } = useLatestDate()
  const [metric, setMetric] = useState<Metric>('fans')
  const [mode, setMode] = useState<SeriesMode>('value')
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(90)
  const [platform, setPlatform] = useState<PlatformKey | null>(null)
  const [start, end] = latest ? rangeEndingOn(latest, days) : [null, null]

  const { data, loading, error } = useApiQuery<MetricSeries>(
    '/api/metrics/series',
    {
      creator_ids: [creatorId],
      metrics: [metric],
      start,
      end,
      platform,
      granularity: GRANULARITY[days],
      mode,
    },
    { enabled: start !== null }
  )
  const label = t(`data_center.metrics.${metric}`)
  const points = useMemo(
    () =>
      (data?.points ?? [])
        .filter((point) => point.metric === metric)
        .sort((a, b) => a.date.localeCompare(b.date))
        .map((point) => ({ x: point.date, value: point.value, series: label })),
    [data, metric, label]
  )

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="trend-tab">
      <Space wrap>
        <Select<Metric>
          value={metric}
          onChange={setMetric}
          style={{ width: 150 }}
          options={METRICS.map((key) => ({ value: key, label: t(`data_center.metrics.${key}`) }))}
          aria-label={t('creator_data.metric')}
          data-testid="trend-metric"
        />
        <Segmented<SeriesMode>
          value={mode}
          onChange={setMode}
          options={(['value', 'diff'] as const).map((value) => ({
            value,
            label: t(`chart_panel.modes.${value}`),
          }))}
        />
        <Segmented<(typeof WINDOWS)[number]>
          value={days}
          onChange={setDays}
          options={WINDOWS.map((value) => ({
            value,
            label: t('chart_panel.last_days', { n: value }),
          }))}
        />
        <PlatformSelect
          value={platform}
          onChange={setPlatform}
          platforms={accounts.map((account) => account.platform)}
          width={170}
        />
      </Space>
      <LoadState loading={loading || start === null} error={error} minHeight={280}>
        <LineChart
          data={points}
          colors={['#3b5bdb']}
          formatValue={mode === 'diff' ? format.signed : format.number}
          formatAxis={format.axis}
          empty={t('creator_data.no_snapshots')}
          testId="trend-chart"
        />
      </LoadState>
    </Space>
  )
}
