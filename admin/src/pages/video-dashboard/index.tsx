import { useMemo } from 'react'
import { Card, Col, Row, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { VIDEO_VIEW_TIERS } from '@shared/videos'
import { Chart } from '../../components/charts'
import { PageFrame } from '../../components/page-frame'
import { useApiQuery } from '../../lib/use-api-query'
import { useDashboardFormat, useDateTimeFormat } from '../../lib/format'
import { CompareLink } from '../../resources/videos/video-bits'
import { VideoTable } from '../../resources/videos/video-table'
import type { VideoDashboardData } from '../../resources/videos/types'
import { useVideoFilters, VideoFilterBar } from './filters'
import { TopCard, WeeklyCard } from './top-card'

/**
 * /app/video_dashboard (SPEC §2 'Video Dashboard'): weekly rapid rise (by
 * gain or rate), monthly top 10, saves and shares, views tiers, recent
 * uploads, the search with suggestions and the filters (kept in the
 * address), then the filtered list with its Excel download. "Add to
 * compare" on every video.
 */
export function VideoDashboard() {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const dateTime = useDateTimeFormat()
  const state = useVideoFilters()
  const { filters, patch } = state
  const mode: 'gain' | 'rate' = state.params.get('weekly') === 'rate' ? 'rate' : 'gain'
  const params = useMemo(() => ({ ...filters }), [filters])
  const dashboard = useApiQuery<VideoDashboardData>('/api/videos/dashboard', params)
  const data = dashboard.data
  const loading = dashboard.loading

  /** A tier's bucket: '10K – 50K', the last one '5M+'. */
  const tierLabel = (index: number) =>
    index + 1 < VIDEO_VIEW_TIERS.length
      ? t('videos.tiers.range', {
          min: format.compact(VIDEO_VIEW_TIERS[index]),
          max: format.compact(VIDEO_VIEW_TIERS[index + 1]),
        })
      : t('videos.tiers.chip', { min: format.compact(VIDEO_VIEW_TIERS[index]) })
  const tierChart = useMemo(
    () => (data?.tiers ?? []).map((tier) => ({ label: tierLabel(tier.tier), value: tier.videos })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, format]
  )

  return (
    <PageFrame testId="video-dashboard" title={t('menu.video_dashboard')} extra={<CompareLink />}>
      <Card size="small">
        <Space direction="vertical" size={10} style={{ width: '100%' }}>
          <VideoFilterBar state={state} />
          <Space wrap size={[6, 6]} data-testid="video-tiers">
            <Typography.Text type="secondary">{t('videos.tiers.title')}</Typography.Text>
            <Tag.CheckableTag
              checked={filters.tier === undefined}
              onChange={() => patch({ tier: null })}
              data-testid="tier-all"
            >
              {t('videos.tiers.all')}
            </Tag.CheckableTag>
            {VIDEO_VIEW_TIERS.map((_min, index) => {
              const count = data?.tiers.find((tier) => tier.tier === index)?.videos
              return (
                <Tag.CheckableTag
                  key={index}
                  checked={filters.tier === index}
                  onChange={(checked) => patch({ tier: checked ? String(index) : null })}
                  data-testid={`tier-${index}`}
                >
                  {tierLabel(index)}
                  {count !== undefined && (
                    <span style={{ marginInlineStart: 6, opacity: 0.7 }}>
                      {format.compact(count)}
                    </span>
                  )}
                </Tag.CheckableTag>
              )
            })}
          </Space>
        </Space>
      </Card>
      {dashboard.error && <Typography.Text type="danger">{dashboard.error}</Typography.Text>}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12} xxl={8}>
          <WeeklyCard
            gain={data?.weekly_top}
            rate={data?.weekly_rate_top}
            loading={loading}
            mode={mode}
            onMode={(next) => patch({ weekly: next === 'rate' ? 'rate' : null })}
          />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <TopCard
            title={t('videos.cards.monthly')}
            videos={data?.monthly_top}
            loading={loading}
            testId="video-top-monthly"
            figure={(video) => format.signedCompact(video.views_month)}
          />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <TopCard
            title={t('videos.cards.recent')}
            videos={data?.recent}
            loading={loading}
            testId="video-recent"
            figure={(video) => (
              <span style={{ fontWeight: 400, fontSize: 12 }}>{dateTime(video.published_at)}</span>
            )}
          />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <TopCard
            title={t('videos.cards.favorites')}
            videos={data?.favorites_top}
            loading={loading}
            testId="video-top-favorites"
            figure={(video) => format.short(video.favorites)}
          />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <TopCard
            title={t('videos.cards.shares')}
            videos={data?.shares_top}
            loading={loading}
            testId="video-top-shares"
            figure={(video) => format.short(video.shares)}
          />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <Card size="small" title={t('videos.tiers.title')} data-testid="video-tier-chart">
            <Chart
              kind="column"
              data={tierChart}
              formatValue={format.format}
              formatAxis={format.axis}
              empty={t('videos.cards.empty')}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small">
        <VideoTable filters={filters} title={t('videos.list.title')} />
      </Card>
    </PageFrame>
  )
}

export default VideoDashboard
