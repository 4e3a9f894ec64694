import { useMemo, useState } from 'react'
import { Card, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PlatformTotalRow, PlatformTotals } from '../../../lib/metrics'
import { useDashboard } from '../lib/context'
import { useDashboardFormat } from '../../../lib/format'
import { useApiQuery } from '../../../lib/use-api-query'
import { PlatformBars } from './platform-bars'
import { PlatformLogo } from '../../../components/platform-badge'
import { Diff } from './diff'
import { Choice } from '../../../components/choice'
import { StaticTable } from '../../../components/list-table'

type BarMetric = 'fans' | 'fans_diff' | 'views' | 'views_diff'
const BAR_METRICS: BarMetric[] = ['fans', 'fans_diff', 'views', 'views_diff']

/** The table's figures after the platform, each a count, a gain or a growth rate. */
const COLUMNS: {
  key: Exclude<keyof PlatformTotalRow, 'platform'>
  kind: 'count' | 'gained' | 'growth'
}[] = [
  { key: 'accounts', kind: 'count' },
  { key: 'fans', kind: 'count' },
  { key: 'fans_diff', kind: 'gained' },
  { key: 'growth', kind: 'growth' },
  { key: 'views', kind: 'count' },
  { key: 'views_diff', kind: 'gained' },
  { key: 'likes_diff', kind: 'gained' },
  { key: 'comments_diff', kind: 'gained' },
  { key: 'videos', kind: 'count' },
  { key: 'videos_diff', kind: 'gained' },
]

/**
 * Every platform side by side over the range (GET /api/dashboard/total): the
 * values on the last day, what each gained, and a bar of the chosen column.
 */
export function PlatformTotalsCard() {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  const { filters, version, setPlatform, fixedPlatform } = useDashboard()
  const [bar, setBar] = useState<BarMetric>('fans')
  const { data, loading: isLoading } = useApiQuery<PlatformTotals>(
    '/api/dashboard/total',
    { start: filters.start, end: filters.end },
    { version }
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

  const figure = (kind: (typeof COLUMNS)[number]['kind'], value: number | null) =>
    kind === 'count' ? (
      <span style={{ whiteSpace: 'nowrap' }}>{f.format(value)}</span>
    ) : (
      <Diff
        value={value}
        {...(kind === 'growth' ? { kind: 'percent' as const } : { compact: true })}
      />
    )

  return (
    <Card title={t('dashboard.platforms.title')} loading={isLoading} data-testid="platform-totals">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Choice<BarMetric>
          value={bar}
          onChange={setBar}
          values={BAR_METRICS}
          label={(key) => t(`dashboard.platforms.columns.${key}`)}
        />
        <PlatformBars
          data={bars}
          name={t(`dashboard.platforms.columns.${bar}`)}
          testId="platform-totals-chart"
        />
        <StaticTable<PlatformTotalRow>
          rowKey="platform"
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
            ...COLUMNS.map(({ key, kind }) => ({
              dataIndex: key,
              title: t(
                kind === 'growth' ? 'dashboard.fields.growth' : `dashboard.platforms.columns.${key}`
              ),
              align: 'right' as const,
              render: (value: number | null) => figure(kind, value),
            })),
          ]}
          summary={() =>
            total && rows.length ? (
              <StaticTable.Summary.Row style={{ fontWeight: 600 }}>
                <StaticTable.Summary.Cell index={0}>
                  <Typography.Text strong>{t('dashboard.platforms.total')}</Typography.Text>
                </StaticTable.Summary.Cell>
                {COLUMNS.map(({ key, kind }, index) => (
                  <StaticTable.Summary.Cell key={key} index={index + 1} align="right">
                    {figure(kind, total[key] as number | null)}
                  </StaticTable.Summary.Cell>
                ))}
              </StaticTable.Summary.Row>
            ) : null
          }
          data-testid="platform-totals-table"
        />
      </Space>
    </Card>
  )
}
