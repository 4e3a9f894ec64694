import { useCallback, useMemo } from 'react'
import { Card, Col, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart } from '../../../components/charts'
import type { CategoryPanel as CategoryData } from '../../../lib/metrics'
import type { MetricFormat } from '../../../lib/format'
import { StaticTable } from '../../../components/list-table'

type Category = CategoryData['categories'][number]

/** Categories the doughnut names; the rest share one slice. */
const PIE_SLICES = 7

/** Categories of the valid creators: their share of all fans and what they gained in the period. */
/** The table's figures after the category, and how each reads. */
const FIGURES = [
  ['creators', 'number'],
  ['fans', 'compact'],
  ['share', 'percent'],
  ['fans_diff', 'signed'],
  ['views_diff', 'compact'],
  ['growth', 'signedPercent'],
] as const

export function CategoryPanel({ data, format }: { data: CategoryData; format: MetricFormat }) {
  const { t } = useTranslation()
  const name = useCallback(
    (category: string) => t(`enum.category.${category}`, { defaultValue: category }),
    [t]
  )
  const rows = useMemo(() => [...data.categories].sort((a, b) => b.fans - a.fans), [data])
  // The largest slices by name, the small ones together, so the labels stay readable.
  const share = useMemo(() => {
    const slices = rows.filter((row) => row.share > 0)
    const named = slices
      .slice(0, PIE_SLICES)
      .map((row) => ({ label: name(row.category), value: row.share }))
    const rest = slices.slice(PIE_SLICES).reduce((sum, row) => sum + row.share, 0)
    return rest > 0 ? [...named, { label: t('data_center.categories.rest'), value: rest }] : named
  }, [rows, name, t])
  const gains = useMemo(
    () =>
      [...rows]
        .sort((a, b) => b.fans_diff - a.fans_diff)
        .map((row) => ({ label: name(row.category), value: row.fans_diff })),
    [rows, name]
  )

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card
          size="small"
          title={t('data_center.categories.table_title')}
          data-testid="category-table"
        >
          <StaticTable<Category>
            rowKey="category"
            dataSource={rows}
            scroll={{ x: 600 }}
            locale={{ emptyText: t('data_center.no_data') }}
            columns={[
              {
                key: 'category',
                title: t('data_center.columns.category'),
                render: (_, row) => <Typography.Text strong>{name(row.category)}</Typography.Text>,
              },
              ...FIGURES.map(([key, kind]) => ({
                key,
                title: t(`data_center.columns.${key}`),
                align: 'right' as const,
                render: (_: unknown, row: Category) => format[kind](row[key]),
              })),
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Card size="small" title={t('data_center.categories.share_title')}>
            <Chart
              kind="pie"
              data={share}
              height={260}
              formatValue={format.percent}
              empty={t('data_center.no_data')}
            />
          </Card>
          <Card size="small" title={t('data_center.categories.gain_title')}>
            <Chart
              kind="bar"
              data={gains}
              formatValue={format.signedCompact}
              formatAxis={format.axis}
              color="#2f9e44"
              empty={t('data_center.no_data')}
            />
          </Card>
        </div>
      </Col>
    </Row>
  )
}
