import { Link } from 'react-router'
import { Alert, Card, Col, Drawer, Empty, Row, Space, Tag, Timeline, Typography } from 'antd'
import { CheckCircleFilled, ClockCircleOutlined, WarningOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Chart, WordCloud } from '../../components/charts'
import { LoadState } from '../../components/load-state'
import { StaticTable } from '../../components/list-table'
import { PlatformLogo } from '../../components/platform-badge'
import { CollectError } from '../../components/collect-error'
import { MemoPanel } from '../../resources/creators/components/memo-panel'
import { useApiQuery } from '../../lib/use-api-query'
import { useDashboardFormat, useMetricFormat } from '../../lib/format'
import { figureColumn } from '../../lib/table'
import type { DailyRecord, Milestone, PendingItem, TrackingDetail } from './types'

type ShareRow = TrackingDetail['platforms']['items'][number]

const NO_PARAMS = {}

/** The day each fan tier was first reached (SPEC §9 tiers), or that it is still ahead. */
function Milestones({ milestones }: { milestones: Milestone[] }) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const before = milestones.filter((milestone) => milestone.before_history)
  const reached = milestones.filter(
    (milestone) => milestone.reached_on && !milestone.before_history
  )
  const next = milestones.find((milestone) => !milestone.reached_on)
  const tier = (milestone: Milestone) => format.compact(milestone.tier)
  const items = [
    ...(before.length
      ? [
          {
            key: 'before',
            done: true,
            title:
              before.length === 1
                ? t('tracking.milestones.tier', { tier: tier(before[0]) })
                : t('tracking.milestones.tiers', {
                    from: tier(before[0]),
                    to: tier(before[before.length - 1]),
                  }),
            text: t('tracking.milestones.before_history', { date: before[0].reached_on }),
          },
        ]
      : []),
    ...reached.map((milestone) => ({
      key: String(milestone.tier),
      done: true,
      title: t('tracking.milestones.tier', { tier: tier(milestone) }),
      text: t('tracking.milestones.reached', { date: milestone.reached_on }),
    })),
    ...(next
      ? [
          {
            key: String(next.tier),
            done: false,
            title: t('tracking.milestones.tier', { tier: tier(next) }),
            text: t('tracking.milestones.ahead'),
          },
        ]
      : []),
  ]
  if (!milestones.some((milestone) => milestone.reached_on) && !next) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
  }
  return (
    <Timeline
      data-testid="tracking-milestones"
      items={items.map((item) => ({
        color: item.done ? 'green' : 'gray',
        dot: item.done ? <CheckCircleFilled /> : <ClockCircleOutlined />,
        children: (
          <Space direction="vertical" size={0} data-testid={`milestone-${item.key}`}>
            <Typography.Text strong>{item.title}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.text}
            </Typography.Text>
          </Space>
        ),
      }))}
    />
  )
}

/** Accounts never collected or failing, with why. */
function PendingItems({ items }: { items: PendingItem[] }) {
  const { t } = useTranslation()
  if (!items.length) {
    return <Typography.Text type="secondary">{t('tracking.pending.none')}</Typography.Text>
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="tracking-pending-items">
      {items.map((item) => (
        <Alert
          key={item.id}
          type="warning"
          icon={<WarningOutlined />}
          showIcon
          data-testid={`pending-item-${item.platform}`}
          message={
            <Space wrap size={6}>
              <PlatformLogo platform={item.platform} />
              <Typography.Text strong>{t(`enum.platform.${item.platform}`)}</Typography.Text>
              {item.uid && <Typography.Text type="secondary">{item.uid}</Typography.Text>}
              {item.reasons.map((reason) => (
                <Tag key={reason} color="orange">
                  {t(`tracking.pending.reasons.${reason}`)}
                </Tag>
              ))}
            </Space>
          }
          description={
            item.collect_error_code ? (
              <CollectError code={item.collect_error_code} detail={item.collect_error_detail} />
            ) : undefined
          }
        />
      ))}
    </Space>
  )
}

/** One creator's tracking detail: milestones, pending items, platform share, keywords, daily records, memos. */
export function TrackingDrawer({
  creatorId,
  onClose,
}: {
  creatorId: number | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const share = useMetricFormat()
  const detail = useApiQuery<TrackingDetail>(`/api/creator-tracking/${creatorId}`, NO_PARAMS, {
    enabled: creatorId !== null,
  })
  const data = creatorId !== null && detail.data?.creator.id === creatorId ? detail.data : undefined

  const dailyColumns = [
    { key: 'date', title: t('tracking.daily.date'), dataIndex: 'date' },
    figureColumn<DailyRecord>('fans', t('tracking.columns.fans'), (row) => format.format(row.fans)),
    figureColumn<DailyRecord>('fans_diff', t('tracking.daily.fans_diff'), (row) =>
      format.signed(row.fans_diff)
    ),
    figureColumn<DailyRecord>('views', t('tracking.columns.views'), (row) =>
      format.format(row.views)
    ),
    figureColumn<DailyRecord>('views_diff', t('tracking.daily.views_diff'), (row) =>
      format.signed(row.views_diff)
    ),
    figureColumn<DailyRecord>('videos_diff', t('tracking.daily.videos_diff'), (row) =>
      format.signed(row.videos_diff)
    ),
  ]

  return (
    <Drawer
      open={creatorId !== null}
      onClose={onClose}
      width={Math.min(920, typeof window === 'undefined' ? 920 : window.innerWidth - 48)}
      destroyOnHidden
      title={
        data ? (
          <Space wrap>
            <span data-testid="tracking-detail-name">{data.creator.channel_name}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              {data.creator.brand_no}
            </Typography.Text>
          </Space>
        ) : (
          t('tracking.detail.title')
        )
      }
      extra={
        data && (
          <Space size={16}>
            <Link
              to={`/app/creator_video_list?creator_id=${data.creator.id}`}
              data-testid="tracking-open-videos"
            >
              {t('tracking.videos.tab')}
            </Link>
            <Link
              to={`/app/creator_info?id=${data.creator.id}`}
              data-testid="tracking-open-creator"
            >
              {t('tracking.detail.open_creator')}
            </Link>
          </Space>
        )
      }
      data-testid="tracking-drawer"
    >
      <LoadState loading={!data && !detail.error} error={detail.error}>
        {data && (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Row gutter={[16, 16]}>
              <Col xs={24} md={10}>
                <Card size="small" title={t('tracking.milestones.title')}>
                  <Milestones milestones={data.milestones} />
                </Card>
              </Col>
              <Col xs={24} md={14}>
                <Card size="small" title={t('tracking.pending.title')} style={{ marginBottom: 16 }}>
                  <PendingItems items={data.pending} />
                </Card>
                <Card size="small" title={t('tracking.share.title')}>
                  <Chart
                    kind="pie"
                    height={220}
                    testId="tracking-share"
                    empty={t('tracking.no_data')}
                    data={data.platforms.items.map((item) => ({
                      label: t(`enum.platform.${item.platform}`),
                      value: item.fans,
                    }))}
                    formatValue={(value) => format.short(value)}
                  />
                  <StaticTable<ShareRow>
                    rowKey="platform"
                    dataSource={data.platforms.items}
                    columns={[
                      {
                        key: 'platform',
                        title: t('tracking.share.platform'),
                        render: (_, item) => t(`enum.platform.${item.platform}`),
                      },
                      figureColumn<ShareRow>('fans', t('tracking.share.fans'), (item) =>
                        share.percent(item.fans_share)
                      ),
                      figureColumn<ShareRow>('views', t('tracking.share.views'), (item) =>
                        share.percent(item.views_share)
                      ),
                    ]}
                  />
                </Card>
              </Col>
            </Row>
            <Card
              size="small"
              title={t('tracking.keywords.title')}
              extra={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('tracking.keywords.titles', { count: data.keywords.titles })}
                </Typography.Text>
              }
            >
              {data.keywords.words.length ? (
                <WordCloud
                  words={data.keywords.words.map((word) => ({
                    text: word.word,
                    weight: word.count,
                    group: word.language,
                  }))}
                  formatWeight={(word) => t('tracking.keywords.count', { count: word.weight })}
                />
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('tracking.keywords.none')}
                />
              )}
            </Card>
            <Card size="small" title={t('tracking.daily.title')}>
              <StaticTable<DailyRecord>
                rowKey="date"
                dataSource={data.daily}
                columns={dailyColumns}
                scroll={{ x: 'max-content' }}
                data-testid="tracking-daily"
                locale={{ emptyText: t('tracking.no_data') }}
              />
            </Card>
            <MemoPanel creatorId={data.creator.id} />
          </Space>
        )}
      </LoadState>
    </Drawer>
  )
}
