import { useMemo } from 'react'
import { Card, Col, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { VIDEO_METRICS } from '@shared/videos'
import { StaticTable } from '../../components/list-table'
import { useDashboardFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import { GrowthCurve } from './growth-curve'
import type { BoardRow, WindowMedian } from './types'

/** New videos drawn together against the median (more would not read). */
const CURVES_MAX = 6

/**
 * The creator's data analysis: its median at each window (over its
 * previous videos, the newest video's view of them, with how many videos
 * each rests on) and its new videos' curves against that median.
 */
export function CreatorAnalysis({ rows, loading }: { rows: BoardRow[]; loading: boolean }) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const median = rows[0]?.growth.median ?? []
  const tracked = useMemo(
    () => rows.filter((row) => row.growth.points.length).slice(0, CURVES_MAX),
    [rows]
  )
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card
          size="small"
          title={t('growth.median_title')}
          loading={loading}
          data-testid="growth-median"
        >
          <StaticTable<WindowMedian>
            rowKey="window_hours"
            dataSource={median}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('growth.no_median') }}
          >
            <StaticTable.Column<WindowMedian>
              title={t('growth.columns.window')}
              onHeaderCell={nowrap}
              onCell={nowrap}
              render={(_, row) => t('growth.window', { hours: row.window_hours })}
            />
            {VIDEO_METRICS.map((metric) => (
              <StaticTable.Column<WindowMedian>
                key={metric}
                title={t(`growth.metrics.${metric}`)}
                align="right"
                onHeaderCell={nowrap}
                onCell={nowrap}
                render={(_, row) => format.short(row[metric])}
              />
            ))}
            <StaticTable.Column<WindowMedian>
              title={t('growth.columns.based_on')}
              align="right"
              onHeaderCell={nowrap}
              onCell={nowrap}
              render={(_, row) => t('growth.videos', { count: row.videos })}
            />
          </StaticTable>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('growth.creator_curves')} loading={loading}>
          {tracked.length ? (
            <GrowthCurve videos={tracked} height={250} testId="growth-creator-curves" />
          ) : (
            <Typography.Text type="secondary">{t('growth.no_curve')}</Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  )
}
