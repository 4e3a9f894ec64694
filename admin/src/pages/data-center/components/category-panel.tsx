import { useCallback, useMemo } from 'react'
import { Card, Col, Row, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Chart } from '../../../components/charts'
import type { CategoryPanel as CategoryData } from '../../../lib/metrics'
import type { MetricFormat } from '../../../lib/format'

type Category = CategoryData['categories'][number]

/** Categories the doughnut names; the rest share one slice. */
const PIE_SLICES = 7

/** Categories of the valid creators: their share of all fans and what they gained in the period. */
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
          <Table<Category>
            size="small"
            rowKey="category"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 600 }}
            locale={{ emptyText: t('data_center.no_data') }}
            columns={[
              {
                key: 'category',
                title: t('data_center.columns.category'),
                render: (_, row) => <Typography.Text strong>{name(row.category)}</Typography.Text>,
              },
              {
                key: 'creators',
                title: t('data_center.columns.creators'),
                align: 'right',
                render: (_, row) => format.number(row.creators),
              },
              {
                key: 'fans',
                title: t('data_center.columns.fans'),
                align: 'right',
                render: (_, row) => format.compact(row.fans),
              },
              {
                key: 'share',
                title: t('data_center.columns.share'),
                align: 'right',
                render: (_, row) => format.percent(row.share),
              },
              {
                key: 'fans_diff',
                title: t('data_center.columns.fans_diff'),
                align: 'right',
                render: (_, row) => format.signed(row.fans_diff),
              },
              {
                key: 'views_diff',
                title: t('data_center.columns.views_diff'),
                align: 'right',
                render: (_, row) => format.compact(row.views_diff),
              },
              {
                key: 'growth',
                title: t('data_center.columns.growth'),
                align: 'right',
                render: (_, row) => format.signedPercent(row.growth),
              },
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
              formatAxis={format.compact}
              color="#2f9e44"
              empty={t('data_center.no_data')}
            />
          </Card>
        </div>
      </Col>
    </Row>
  )
}
