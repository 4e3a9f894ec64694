import { Card, Col, Row, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import type { RankedCreator } from '../../../lib/metrics'
import type { MetricFormat } from '../../../lib/format'
import { rangeEndingOn } from '../../../lib/dates'
import { CreatorCell } from './creator-cell'
import { RankBadge } from './rank-badge'
import { StaticTable } from '../../../components/list-table'
import { nowrapCells } from '../../../lib/table'

type ListKey = 'weekly_growth' | 'monthly_views' | 'monthly_fans'

const DAYS: Record<ListKey, number> = { weekly_growth: 7, monthly_views: 30, monthly_fans: 30 }

/**
 * The three top-10 lists: weekly growth rate (7 days), monthly views gained
 * and monthly fans gained (30 days), all ending on the panel's end date.
 */
export function TopLists({
  end,
  lists,
  format,
}: {
  end: string
  lists: Record<ListKey, RankedCreator[]>
  format: MetricFormat
}) {
  const { t } = useTranslation()
  const rank = {
    key: 'rank',
    width: 44,
    render: (_: unknown, item: RankedCreator) => <RankBadge rank={item.rank} />,
  }
  const creator = {
    key: 'creator',
    title: t('data_center.columns.creator'),
    render: (_: unknown, item: RankedCreator) => <CreatorCell creator={item} showKind={false} />,
  }
  const numeric = (
    key: keyof RankedCreator,
    title: string,
    render: (value: number) => React.ReactNode
  ) => ({
    key,
    title,
    align: 'right' as const,
    ...nowrapCells,
    render: (_: unknown, item: RankedCreator) => render(Number(item[key])),
  })
  const gain = (value: number) => (
    <Typography.Text type={value < 0 ? 'danger' : 'success'} title={format.signed(value)}>
      {format.signedCompact(value)}
    </Typography.Text>
  )

  const columns: Record<ListKey, ColumnsType<RankedCreator>> = {
    weekly_growth: [
      rank,
      creator,
      numeric('fans_diff', t('data_center.columns.fans_diff'), gain),
      {
        key: 'growth',
        title: t('data_center.columns.growth'),
        align: 'right',
        ...nowrapCells,
        render: (_, item) => (
          <Typography.Text strong>{format.signedPercent(item.growth)}</Typography.Text>
        ),
      },
    ],
    monthly_views: [
      rank,
      creator,
      numeric('views_diff', t('data_center.columns.views_diff'), (value) => (
        <Typography.Text strong>{format.compact(value)}</Typography.Text>
      )),
      numeric('views', t('data_center.columns.views'), format.compact),
    ],
    monthly_fans: [
      rank,
      creator,
      numeric('fans_diff', t('data_center.columns.fans_diff'), gain),
      numeric('fans', t('data_center.columns.fans'), format.compact),
    ],
  }

  return (
    <Row gutter={[16, 16]}>
      {(Object.keys(DAYS) as ListKey[]).map((key) => {
        const [start, stop] = rangeEndingOn(end, DAYS[key])
        return (
          <Col key={key} xs={24} lg={12} xxl={8}>
            <Card
              size="small"
              title={t(`data_center.top.${key}`)}
              extra={
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12 }}
                >{`${start} ~ ${stop}`}</Typography.Text>
              }
              data-testid={`top-${key}`}
              style={{ height: '100%' }}
            >
              <StaticTable<RankedCreator>
                rowKey="creator_id"
                dataSource={lists[key]}
                columns={columns[key]}
                locale={{ emptyText: t('data_center.no_data') }}
              />
              {key === 'weekly_growth' && (
                <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
                  {t('data_center.top.weekly_growth_note')}
                </Typography.Paragraph>
              )}
            </Card>
          </Col>
        )
      })}
    </Row>
  )
}
