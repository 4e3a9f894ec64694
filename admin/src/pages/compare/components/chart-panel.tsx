import { useMemo } from 'react'
import { Card, Col, DatePicker, Form, Row, Segmented, Select, Space, Table, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { METRICS, METRICS_RANGE_MAX_DAYS, type Metric } from '@shared/constants'
import { LineChart } from '../../../components/charts'
import type { Granularity, MetricSeries, SeriesMode } from '../../../lib/metrics'
import { useApiQuery } from '../../../lib/use-api-query'
import { useMetricFormat } from '../../../lib/format'
import { DAY, rangeEndingOn, useLatestDate } from '../../../lib/dates'
import { PlatformSelect } from '../../../components/platform-select'
import { LoadState } from '../../../components/load-state'
import { CreatorCell } from '../../data-center/components/creator-cell'
import { MAX_METRICS, useEffectiveRange, type PanelState } from '../lib/params'
import { chartsOf, rowsOf, seriesNames, type SeriesRow } from '../lib/series'
import { CreatorPicker } from './creator-picker'

const PRESETS = [7, 30, 90, 180, 365]
const COLORS = [
  '#3b5bdb',
  '#e8590c',
  '#2f9e44',
  '#c2255c',
  '#7048e8',
  '#0c8599',
  '#f59f00',
  '#5c940d',
  '#862e9c',
  '#495057',
]

/**
 * The Data Chart Panel: metrics (up to 4), creators (up to `maxCreators`,
 * none = the whole network), a date range, a platform, day/week/month
 * buckets and values or daily differences → a line chart per metric with a
 * line per creator, and the numbers in a table (GET /api/metrics/series).
 */
export function ChartPanel({
  state,
  update,
  creators,
  onCreatorsChange,
  maxCreators,
}: {
  state: PanelState
  update: (patch: Partial<PanelState>) => void
  creators: number[]
  onCreatorsChange: (ids: number[]) => void
  maxCreators: number
}) {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const { latest } = useLatestDate()
  const [start, end] = useEffectiveRange(state)

  const series = useApiQuery<MetricSeries>(
    '/api/metrics/series',
    {
      creator_ids: creators,
      metrics: state.metrics,
      start,
      end,
      platform: state.platform,
      granularity: state.granularity,
      mode: state.mode,
    },
    { enabled: start !== null }
  )

  const network = t('chart_panel.network')
  const names = useMemo(
    () => (series.data ? seriesNames(series.data, network) : new Map()),
    [series.data, network]
  )
  const charts = useMemo(
    () => (series.data ? chartsOf(series.data, names) : {}),
    [series.data, names]
  )
  const rows = useMemo(() => (series.data ? rowsOf(series.data, names) : []), [series.data, names])
  const metricName = (metric: Metric) => t(`data_center.metrics.${metric}`)
  const shownMetrics = series.data?.metrics ?? state.metrics

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="chart-panel">
      <Card size="small">
        <Form layout="vertical" component="div">
          <Row gutter={[16, 0]}>
            <Col xs={24} lg={12}>
              <Form.Item
                label={t('chart_panel.metrics', { max: MAX_METRICS })}
                style={{ marginBottom: 12 }}
              >
                <Select<Metric[]>
                  mode="multiple"
                  value={state.metrics}
                  maxCount={MAX_METRICS}
                  onChange={(metrics) => metrics.length && update({ metrics })}
                  options={METRICS.map((metric) => ({ value: metric, label: metricName(metric) }))}
                  data-testid="metric-picker"
                  aria-label={t('chart_panel.metrics', { max: MAX_METRICS })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                label={t('chart_panel.creators_label', { max: maxCreators })}
                style={{ marginBottom: 12 }}
              >
                <CreatorPicker value={creators} onChange={onCreatorsChange} max={maxCreators} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label={t('chart_panel.range')} style={{ marginBottom: 12 }}>
                <DatePicker.RangePicker
                  value={start && end ? [dayjs(start), dayjs(end)] : null}
                  allowClear={false}
                  style={{ width: '100%' }}
                  disabledDate={(day, info) => {
                    if (day.isAfter(dayjs(), 'day')) return true
                    const from = info?.from
                    return Boolean(
                      from && Math.abs(day.diff(from, 'day')) >= METRICS_RANGE_MAX_DAYS
                    )
                  }}
                  presets={
                    latest
                      ? PRESETS.map((days) => {
                          const [from, to] = rangeEndingOn(latest, days)
                          return {
                            label: t('chart_panel.last_days', { n: days }),
                            value: [dayjs(from), dayjs(to)] as [dayjs.Dayjs, dayjs.Dayjs],
                          }
                        })
                      : []
                  }
                  onChange={(value) =>
                    value?.[0] &&
                    value[1] &&
                    update({ start: value[0].format(DAY), end: value[1].format(DAY) })
                  }
                  data-testid="range-picker"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={5}>
              <Form.Item label={t('data_center.platform.label')} style={{ marginBottom: 12 }}>
                <PlatformSelect
                  value={state.platform}
                  onChange={(platform) => update({ platform })}
                  width="100%"
                  testId="platform-select"
                />
              </Form.Item>
            </Col>
            <Col xs={12} xl={5}>
              <Form.Item label={t('chart_panel.granularity')} style={{ marginBottom: 12 }}>
                <Segmented<Granularity>
                  value={state.granularity}
                  onChange={(granularity) => update({ granularity })}
                  options={(['day', 'week', 'month'] as const).map((value) => ({
                    value,
                    label: t(`chart_panel.by.${value}`),
                  }))}
                  data-testid="granularity"
                />
              </Form.Item>
            </Col>
            <Col xs={12} xl={6}>
              <Form.Item label={t('chart_panel.mode')} style={{ marginBottom: 12 }}>
                <Segmented<SeriesMode>
                  value={state.mode}
                  onChange={(mode) => update({ mode })}
                  options={(['value', 'diff'] as const).map((value) => ({
                    value,
                    label: (
                      <span data-testid={`mode-${value}`}>{t(`chart_panel.modes.${value}`)}</span>
                    ),
                  }))}
                  data-testid="mode"
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="panel-scope">
          {creators.length
            ? t('chart_panel.scope_creators', { n: creators.length })
            : t('chart_panel.scope_network')}
          {series.data
            ? ` · ${t('data_center.range', { start: series.data.range.start, end: series.data.range.end, days: series.data.range.days })}`
            : ''}
        </Typography.Text>
      </Card>

      <LoadState loading={series.loading || start === null} error={series.error} minHeight={240}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Row gutter={[16, 16]}>
            {shownMetrics.map((metric) => (
              <Col key={metric} xs={24} xl={shownMetrics.length > 1 ? 12 : 24}>
                <Card
                  size="small"
                  title={`${metricName(metric)} · ${t(`chart_panel.modes.${state.mode}`)}`}
                  data-testid={`metric-chart-${metric}`}
                >
                  <LineChart
                    data={charts[metric] ?? []}
                    colors={COLORS}
                    height={shownMetrics.length > 1 ? 260 : 320}
                    formatValue={state.mode === 'diff' ? format.signed : format.number}
                    formatAxis={format.axis}
                    empty={t('data_center.no_data')}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" title={t('chart_panel.table_title')} data-testid="series-table">
            <Table<SeriesRow>
              size="small"
              rowKey="key"
              dataSource={rows}
              pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 600 }}
              locale={{ emptyText: t('data_center.no_data') }}
              columns={[
                {
                  key: 'date',
                  title: t(`chart_panel.bucket.${state.granularity}`),
                  dataIndex: 'date',
                  width: 120,
                },
                {
                  key: 'creator',
                  title: t('data_center.columns.creator'),
                  render: (_, row) =>
                    row.creator_id === null ? (
                      <Typography.Text>{row.name}</Typography.Text>
                    ) : (
                      <CreatorCell
                        creator={{ creator_id: row.creator_id, channel_name: row.name }}
                        showKind={false}
                      />
                    ),
                },
                ...shownMetrics.map((metric) => ({
                  key: metric,
                  title: metricName(metric),
                  align: 'right' as const,
                  render: (_: unknown, row: SeriesRow) =>
                    state.mode === 'diff'
                      ? format.signed(row.values[metric])
                      : format.number(row.values[metric]),
                })),
              ]}
            />
          </Card>
        </div>
      </LoadState>
    </Space>
  )
}
