import { Card, Col, Progress, Row, Space, Statistic, Tag, Tooltip, Typography } from 'antd'
import {
  AppstoreOutlined,
  CloudUploadOutlined,
  EyeOutlined,
  RiseOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { CREATOR_KINDS, PLATFORMS } from '@shared/constants'
import type { DashboardOverview } from '../../../lib/metrics'
import { useDashboardFormat } from '../../../lib/format'
import { PlatformLogo, PlatformLogos } from '../../../components/platform-badge'
import { KIND_COLOR } from '../../../lib/colors'
import { Diff } from './diff'

function StatCard({
  testId,
  icon,
  color,
  title,
  value,
  full,
  children,
}: {
  testId: string
  icon: React.ReactNode
  color: string
  title: string
  value: string
  full?: string
  children?: React.ReactNode
}) {
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={testId}>
      <Statistic
        title={
          <Space size={6}>
            <span style={{ color }}>{icon}</span>
            {title}
          </Space>
        }
        value={value}
        formatter={() => (
          <Tooltip title={full}>
            <span data-testid={`${testId}-value`}>{value}</span>
          </Tooltip>
        )}
        valueStyle={{ fontSize: 24, fontWeight: 600 }}
      />
      {children && <div style={{ marginTop: 6 }}>{children}</div>}
    </Card>
  )
}

/**
 * The network at a glance (SPEC §2 Dashboard): total fans on a YouTube base,
 * creators by kind, active platforms, yearly average channel growth, total
 * views, total and average monthly uploads.
 */
export function StatisticCards({
  overview,
  single = false,
}: {
  overview: DashboardOverview
  single?: boolean
}) {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  const { creators, active_platforms: active, yearly_growth: growth } = overview
  const youtubeShare =
    overview.total_fans > 0 ? (overview.youtube_fans / overview.total_fans) * 100 : 0
  const small = { fontSize: 12 }
  // a range ending before the newest day: the cards describe its last day
  const end = overview.range?.end
  const asOf = end && overview.latest_date && end < overview.latest_date ? end : null

  const totalFans = (
    <StatCard
      testId="stat-total-fans"
      icon={<TeamOutlined />}
      color="#3b5bdb"
      title={
        asOf
          ? `${t('dashboard.stats.total_fans')} · ${t('dashboard.stats.as_of', { date: asOf })}`
          : t('dashboard.stats.total_fans')
      }
      value={f.short(overview.total_fans)}
      full={f.format(overview.total_fans)}
    >
      <Tooltip title={t('dashboard.stats.youtube_base_help')}>
        <Progress
          percent={100}
          success={{ percent: youtubeShare, strokeColor: '#ff0000' }}
          strokeColor="#00a1d6"
          showInfo={false}
          size="small"
          style={{ margin: 0 }}
        />
      </Tooltip>
      <Space size={12} wrap>
        <Typography.Text style={small} data-testid="stat-youtube-fans">
          <PlatformLogo platform="youtube" size={12} /> {t('dashboard.stats.youtube')}{' '}
          {f.short(overview.youtube_fans)}
        </Typography.Text>
        <Typography.Text style={small} data-testid="stat-china-fans">
          <span
            style={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: 2,
              background: '#00a1d6',
            }}
          />{' '}
          {t('dashboard.stats.china')} {f.short(overview.china_fans)}
        </Typography.Text>
      </Space>
    </StatCard>
  )

  const creatorCount = (
    <StatCard
      testId="stat-creators"
      icon={<UsergroupAddOutlined />}
      color="#7048e8"
      title={t('dashboard.stats.creators')}
      value={f.format(creators.total)}
    >
      <Space size={4} wrap>
        {CREATOR_KINDS.map((kind) => (
          <Tooltip key={kind} title={t(`enum.kind.${kind}`)}>
            <Tag
              color={KIND_COLOR[kind]}
              data-testid={`stat-creators-${kind}`}
              style={{ marginInlineEnd: 0 }}
            >
              {kind} {f.format(creators[kind])}
            </Tag>
          </Tooltip>
        ))}
      </Space>
    </StatCard>
  )

  const activePlatforms = (
    <StatCard
      testId="stat-active-platforms"
      icon={<AppstoreOutlined />}
      color="#0c8599"
      title={t('dashboard.stats.active_platforms')}
      value={`${f.format(active.count)} / ${PLATFORMS.length}`}
    >
      <PlatformLogos platforms={active.platforms} />
    </StatCard>
  )

  const yearlyGrowth = (
    <StatCard
      testId="stat-yearly-growth"
      icon={<RiseOutlined />}
      color="#2f9e44"
      title={t('dashboard.stats.yearly_growth')}
      value={f.signedCompact(growth.fans_per_channel)}
      full={t('dashboard.stats.per_channel', {
        value: f.format(Math.round(growth.fans_per_channel)),
      })}
    >
      <Space size={8} wrap>
        <Diff value={growth.rate} kind="percent" strong />
        <Typography.Text type="secondary" style={small}>
          {t('dashboard.stats.yearly_growth_basis', {
            channels: f.format(growth.channels),
            days: growth.days,
          })}
        </Typography.Text>
      </Space>
    </StatCard>
  )

  const totalViews = (
    <StatCard
      testId="stat-total-views"
      icon={<EyeOutlined />}
      color="#e8590c"
      title={t('dashboard.stats.total_views')}
      value={f.short(overview.total_views)}
      full={f.format(overview.total_views)}
    />
  )

  const totalUploads = (
    <StatCard
      testId="stat-total-uploads"
      icon={<VideoCameraOutlined />}
      color="#c2255c"
      title={t('dashboard.stats.total_uploads')}
      value={f.short(overview.total_uploads)}
      full={f.format(overview.total_uploads)}
    />
  )

  const monthlyUploads = (
    <StatCard
      testId="stat-monthly-uploads"
      icon={<CloudUploadOutlined />}
      color="#5f3dc4"
      title={t('dashboard.stats.avg_monthly_uploads')}
      value={f.short(Math.round(overview.avg_monthly_uploads))}
      full={f.format(overview.avg_monthly_uploads)}
    />
  )

  // One platform (a platform dashboard): its fans and views are the headline
  // metrics above, and there is no YouTube/China split or platform count.
  const rows: { card: React.ReactNode; key: string; span: number }[][] = single
    ? [
        [
          { key: 'creators', card: creatorCount, span: 6 },
          { key: 'growth', card: yearlyGrowth, span: 6 },
          { key: 'uploads', card: totalUploads, span: 6 },
          { key: 'monthly-uploads', card: monthlyUploads, span: 6 },
        ],
      ]
    : [
        [
          { key: 'fans', card: totalFans, span: 6 },
          { key: 'creators', card: creatorCount, span: 6 },
          { key: 'platforms', card: activePlatforms, span: 6 },
          { key: 'growth', card: yearlyGrowth, span: 6 },
        ],
        [
          { key: 'views', card: totalViews, span: 8 },
          { key: 'uploads', card: totalUploads, span: 8 },
          { key: 'monthly-uploads', card: monthlyUploads, span: 8 },
        ],
      ]

  return (
    <Row gutter={[12, 12]} data-testid="statistic-cards">
      {rows.flat().map(({ key, card, span }) => (
        <Col key={key} xs={24} sm={12} xl={span}>
          {card}
        </Col>
      ))}
    </Row>
  )
}
