import { useMemo, useState } from 'react'
import { Card, Segmented, Space, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PlatformTotalRow, PlatformTotals } from '../types'
import { useDashboard } from '../lib/context'
import { useDashboardFormat } from '../lib/format'
import { useDashboardQuery } from '../hooks/use-dashboard-query'
import { DashboardChart } from '../charts'
import { PlatformLogo } from '../../../components/platform-badge'
import { Diff } from './diff'

type BarMetric = 'fans' | 'fans_diff' | 'views' | 'views_diff'
const BAR_METRICS: BarMetric[] = ['fans', 'fans_diff', 'views', 'views_diff']

/**
 * Every platform side by side over the range (GET /api/dashboard/total): the
 * values on the last day, what each gained, and a bar of the chosen column.
 */
export function PlatformTotalsCard() {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  const { filters, version, setPlatform, fixedPlatform } = useDashboard()
  const [bar, setBar] = useState<BarMetric>('fans')
  const { data, isLoading } = useDashboardQuery<PlatformTotals>(
    '/api/dashboard/total',
    { start: filters.start, end: filters.end },
    version
  )

  const rows = useMemo(() => [...(data?.platforms ?? [])].sort((a, b) => b.fans - a.fans), [data])
  const bars = useMemo(
    () =>
      [...rows]
        .sort((a, b) => b[bar] - a[bar])
        .filter((row) => row[bar] !== 0)
        .map((row) => ({
          label: t(`enum.platform.${row.platform}`),
          value: Number(row[bar]) || 0,
        })),
    [rows, bar, t]
  )
  const total = data?.total

  const count = (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{f.format(value)}</span>
  const gained = (value: number) => <Diff value={value} compact />

  return (
    <Card title={t('dashboard.platforms.title')} loading={isLoading} data-testid="platform-totals">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented<BarMetric>
          size="small"
          value={bar}
          onChange={setBar}
          options={BAR_METRICS.map((key) => ({
            value: key,
            label: t(`dashboard.platforms.columns.${key}`),
          }))}
        />
        <DashboardChart
          kind="bar"
          data={bars}
          formatValue={f.format}
          formatAxis={f.compact}
          name={t(`dashboard.platforms.columns.${bar}`)}
          empty={t('dashboard.empty.title')}
          testId="platform-totals-chart"
        />
        <Table<PlatformTotalRow>
          size="small"
          rowKey="platform"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('dashboard.empty.title') }}
          onRow={(row) => ({
            onClick: fixedPlatform ? undefined : () => setPlatform(row.platform),
            style: {
              cursor: fixedPlatform ? undefined : 'pointer',
              background: filters.platform === row.platform ? '#edf2ff' : undefined,
            },
          })}
          columns={[
            {
              key: 'platform',
              title: t('dashboard.fields.platform'),
              render: (_, row) => (
                <Space size={6} style={{ whiteSpace: 'nowrap' }}>
                  <PlatformLogo platform={row.platform} />
                  {t(`enum.platform.${row.platform}`)}
                </Space>
              ),
            },
            {
              dataIndex: 'accounts',
              title: t('dashboard.platforms.columns.accounts'),
              align: 'right',
              render: count,
            },
            {
              dataIndex: 'fans',
              title: t('dashboard.platforms.columns.fans'),
              align: 'right',
              render: count,
            },
            {
              dataIndex: 'fans_diff',
              title: t('dashboard.platforms.columns.fans_diff'),
              align: 'right',
              render: gained,
            },
            {
              dataIndex: 'growth',
              title: t('dashboard.fields.growth'),
              align: 'right',
              render: (value: number | null) => <Diff value={value} kind="percent" />,
            },
            {
              dataIndex: 'views',
              title: t('dashboard.platforms.columns.views'),
              align: 'right',
              render: count,
            },
            {
              dataIndex: 'views_diff',
              title: t('dashboard.platforms.columns.views_diff'),
              align: 'right',
              render: gained,
            },
            {
              dataIndex: 'likes_diff',
              title: t('dashboard.platforms.columns.likes_diff'),
              align: 'right',
              render: gained,
            },
            {
              dataIndex: 'comments_diff',
              title: t('dashboard.platforms.columns.comments_diff'),
              align: 'right',
              render: gained,
            },
            {
              dataIndex: 'videos',
              title: t('dashboard.platforms.columns.videos'),
              align: 'right',
              render: count,
            },
            {
              dataIndex: 'videos_diff',
              title: t('dashboard.platforms.columns.videos_diff'),
              align: 'right',
              render: gained,
            },
          ]}
          summary={() =>
            total && rows.length ? (
              <Table.Summary.Row style={{ fontWeight: 600 }}>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('dashboard.platforms.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {count(total.accounts)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {count(total.fans)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {gained(total.fans_diff)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Diff value={total.growth} kind="percent" />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {count(total.views)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  {gained(total.views_diff)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  {gained(total.likes_diff)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  {gained(total.comments_diff)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={9} align="right">
                  {count(total.videos)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={10} align="right">
                  {gained(total.videos_diff)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
          data-testid="platform-totals-table"
        />
      </Space>
    </Card>
  )
}
