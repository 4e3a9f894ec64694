import { useMemo, useState } from 'react'
import { Space, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PlatformKey } from '@shared/constants'
import type { CreatorDataProps } from '../../types'
import type { CreatorDaily, CreatorDailyRow, CreatorMonthly } from '../../../../lib/metrics'
import { useApiQuery } from '../../../../lib/use-api-query'
import { useMetricFormat } from '../../../../lib/format'
import { rangeEndingOn, useLatestDate } from '../../../../lib/dates'
import { LoadState } from '../../../../components/load-state'
import { figureColumn } from '../../../../lib/table'
import { Chart } from '../../../../components/charts'
import { PlatformLogo } from '../../../../components/platform-badge'
import { DayRangePicker } from '../../../../components/day-range-picker'
import { PlatformSelect } from '../../../../components/platform-select'
import { StaticTable } from '../../../../components/list-table'

const DEFAULT_DAYS = 30

/** The daily table's figures and their titles. */
const DAILY_FIGURES = [
  ['fans', 'data_center.metrics.fans'],
  ['fans_diff', 'data_center.columns.fans_diff'],
  ['views', 'data_center.metrics.views'],
  ['views_diff', 'data_center.columns.views_diff'],
  ['likes_diff', 'creator_data.likes_diff'],
  ['comments_diff', 'creator_data.comments_diff'],
  ['videos', 'data_center.metrics.videos'],
] as const

/**
 * The daily records of a range, newest first (GET /api/creator/chart/daily),
 * with a platform filter, and the monthly summary of the last 12 months
 * (GET /api/creator/chart/monthly).
 */
export function DailyRecords({ creatorId, accounts }: CreatorDataProps) {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const { latest } = useLatestDate()
  const [chosen, setChosen] = useState<[string, string] | null>(null)
  const [platform, setPlatform] = useState<PlatformKey | null>(null)
  const range = chosen ?? (latest ? rangeEndingOn(latest, DEFAULT_DAYS) : null)

  const daily = useApiQuery<CreatorDaily>(
    '/api/creator/chart/daily',
    { id: creatorId, start: range?.[0], end: range?.[1], platform },
    { enabled: range !== null }
  )
  const monthly = useApiQuery<CreatorMonthly>('/api/creator/chart/monthly', {
    id: creatorId,
    months: 12,
  })
  const months = useMemo(
    () => [...(monthly.data?.months ?? [])].sort((a, b) => b.month.localeCompare(a.month)),
    [monthly.data]
  )
  const monthBars = useMemo(
    () => [...months].reverse().map((month) => ({ label: month.month, value: month.fans_diff })),
    [months]
  )

  const gain = (value: number) => (
    <Typography.Text type={value < 0 ? 'danger' : value > 0 ? 'success' : 'secondary'}>
      {format.signed(value)}
    </Typography.Text>
  )

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="daily-records">
      <Space wrap>
        <DayRangePicker value={range} onChange={setChosen} testId="daily-range" />
        <PlatformSelect
          value={platform}
          onChange={setPlatform}
          platforms={accounts.map((account) => account.platform)}
          width={170}
          testId="daily-platform"
        />
      </Space>
      <LoadState loading={daily.loading || range === null} error={daily.error}>
        <Table<CreatorDailyRow>
          size="small"
          rowKey={(row) => `${row.date}|${row.platform}`}
          dataSource={daily.data?.rows ?? []}
          pagination={{ pageSize: 15, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('creator_data.no_snapshots') }}
          data-testid="daily-table"
          columns={[
            { key: 'date', title: t('creators.analysis.date'), dataIndex: 'date', width: 110 },
            {
              key: 'platform',
              title: t('creators.fields.platform'),
              render: (_, row) => (
                <Space size={6}>
                  <PlatformLogo platform={row.platform} size={16} />
                  {t(`enum.platform.${row.platform}`)}
                </Space>
              ),
            },
            ...DAILY_FIGURES.map(([key, title]) =>
              figureColumn<CreatorDailyRow>(key, t(title), (row) =>
                key.endsWith('_diff') ? gain(row[key]) : format.number(row[key])
              )
            ),
            {
              key: 'source',
              title: t('creator_data.source_title'),
              render: (_, row) => (
                <Tag title={row.adapter}>
                  {t(`creator_data.source.${row.source}`, { defaultValue: row.source })}
                </Tag>
              ),
            },
          ]}
        />
      </LoadState>

      <Typography.Text strong>{t('creator_data.monthly_title')}</Typography.Text>
      <LoadState loading={monthly.loading} error={monthly.error}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Chart
            kind="column"
            data={monthBars}
            formatValue={format.signedCompact}
            formatAxis={format.axis}
            height={220}
            empty={t('creator_data.no_snapshots')}
          />
          <StaticTable
            rowKey="month"
            dataSource={months}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('creator_data.no_snapshots') }}
            data-testid="monthly-table"
            columns={[
              { key: 'month', title: t('creator_data.month'), dataIndex: 'month' },
              figureColumn<(typeof months)[number]>('fans', t('data_center.metrics.fans'), (row) =>
                format.number(row.fans)
              ),
              figureColumn<(typeof months)[number]>(
                'fans_diff',
                t('data_center.columns.fans_diff'),
                (row) => gain(row.fans_diff)
              ),
              figureColumn<(typeof months)[number]>(
                'views_diff',
                t('data_center.columns.views_diff'),
                (row) => format.compact(row.views_diff)
              ),
              figureColumn<(typeof months)[number]>(
                'videos_diff',
                t('creator_data.videos_diff'),
                (row) => format.signed(row.videos_diff)
              ),
            ]}
          />
        </div>
      </LoadState>
    </Space>
  )
}
