import type { TrackingRow } from '#services/tracking/tracking_service'
import type { TrackingMode } from '#shared/tracking'

/**
 * One creator of the tracking list: identity, newest fans and views, the
 * period's gains as counts and rates, the increase the switch chose
 * (`increase_*`: the count or the rate), ranks, favourite and pending count.
 */
export function presentTrackingRow(row: TrackingRow, mode: TrackingMode) {
  const figures = row.figures
  return {
    creator_id: figures.creator_id,
    brand_no: figures.brand_no,
    channel_name: figures.channel_name,
    channel_name_zh: figures.channel_name_zh,
    kind: figures.kind,
    category: figures.category,
    platforms: figures.platforms,
    fans: figures.fans,
    views: figures.views,
    fans_diff: figures.fans_diff,
    views_diff: figures.views_diff,
    fans_rate: row.fans_rate,
    views_rate: row.views_rate,
    increase_fans: mode === 'rate' ? row.fans_rate : figures.fans_diff,
    increase_views: mode === 'rate' ? row.views_rate : figures.views_diff,
    week_rank: row.week_rank,
    month_rank: row.month_rank,
    favorite: row.favorite,
    pending: row.pending,
  }
}
