import { useMemo, useState } from 'react'
import { DatePicker, Select, Space, Table, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { PlatformKey } from '@shared/constants'
import type { PlatformAccount } from '../../types'
import type { CreatorDaily, CreatorDailyRow, CreatorMonthly } from '../../../../lib/metrics'
import { useApiQuery } from '../../../../lib/use-api-query'
import { useMetricFormat } from '../../../../lib/format'
import { DAY, rangeEndingOn, useLatestDate } from '../../../../lib/dates'
import { LoadState } from '../../../../components/load-state'
import { Chart } from '../../../../components/charts'
import { PlatformLogo } from '../../../../components/platform-badge'

const DEFAULT_DAYS = 30

/**
 * The daily records of a range, newest first (GET /api/creator/chart/daily),
 * with a platform filter, and the monthly summary of the last 12 months
 * (GET /api/creator/chart/monthly).
 */
export function DailyRecords({
  creatorId,
  accounts,
}: {
  creatorId: number
  accounts: PlatformAccount[]
}) {
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
  const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } })

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="daily-records">
      <Space wrap>
        <DatePicker.RangePicker
          value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
          allowClear={false}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          onChange={(value) =>
            value?.[0] && value[1] && setChosen([value[0].format(DAY), value[1].format(DAY)])
          }
          aria-label={t('creator_data.range')}
          data-testid="daily-range"
        />
        <Select<PlatformKey>
          allowClear
          value={platform ?? undefined}
          onChange={(value) => setPlatform(value ?? null)}
          placeholder={t('data_center.platform.all')}
          style={{ width: 170 }}
          data-testid="daily-platform"
          options={accounts.map((account) => ({
            value: account.platform,
            label: (
              <Space size={6}>
                <PlatformLogo platform={account.platform} />
                {t(`enum.platform.${account.platform}`)}
              </Space>
            ),
          }))}
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
            {
              key: 'fans',
              title: t('data_center.metrics.fans'),
              align: 'right',
              onCell: nowrap,
              render: (_, row) => format.number(row.fans),
            },
            {
              key: 'fans_diff',
              title: t('data_center.columns.fans_diff'),
              align: 'right',
              onCell: nowrap,
              render: (_, row) => gain(row.fans_diff),
            },
            {
              key: 'views',
              title: t('data_center.metrics.views'),
              align: 'right',
              onCell: nowrap,
              render: (_, row) => format.number(row.views),
            },
            {
              key: 'views_diff',
              title: t('data_center.columns.views_diff'),
              align: 'right',
              onCell: nowrap,
              render: (_, row) => gain(row.views_diff),
            },
            {
              key: 'likes_diff',
              title: t('creator_data.likes_diff'),
              align: 'right',
              onCell: nowrap,
              render: (_, row) => gain(row.likes_diff),
            },
            {
              key: 'comments_diff',
              title: t('creator_data.comments_diff'),
              align: 'right',
              onCell: nowrap,
              render: (_, row) => gain(row.comments_diff),
            },
            {
              key: 'videos',
              title: t('data_center.metrics.videos'),
              align: 'right',
              onCell: nowrap,
              render: (_, row) => format.number(row.videos),
            },
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
            formatAxis={format.compact}
            height={220}
            empty={t('creator_data.no_snapshots')}
          />
          <Table
            size="small"
            rowKey="month"
            dataSource={months}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('creator_data.no_snapshots') }}
            data-testid="monthly-table"
            columns={[
              { key: 'month', title: t('creator_data.month'), dataIndex: 'month' },
              {
                key: 'fans',
                title: t('data_center.metrics.fans'),
                align: 'right',
                onCell: nowrap,
                render: (_, row) => format.number(row.fans),
              },
              {
                key: 'fans_diff',
                title: t('data_center.columns.fans_diff'),
                align: 'right',
                onCell: nowrap,
                render: (_, row) => gain(row.fans_diff),
              },
              {
                key: 'views_diff',
                title: t('data_center.columns.views_diff'),
                align: 'right',
                onCell: nowrap,
                render: (_, row) => format.compact(row.views_diff),
              },
              {
                key: 'videos_diff',
                title: t('creator_data.videos_diff'),
                align: 'right',
                onCell: nowrap,
                render: (_, row) => format.signed(row.videos_diff),
              },
            ]}
          />
        </div>
      </LoadState>
    </Space>
  )
}
