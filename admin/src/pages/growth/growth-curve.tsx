import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { GROWTH_WINDOWS } from '@shared/videos'
import { LineChart, type SeriesDatum } from '../../components/charts'
import { useDashboardFormat } from '../../lib/format'
import type { Growth } from './types'

/** Series names are cut to this many characters (a chart legend, not a title list). */
const NAME_MAX = 18

const short = (name: string) => (name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name)

/**
 * Views by hours since upload: each video's measured windows (pending and
 * missed ones left empty) against its creator's median curve at the same
 * ages. One video (the board's row, the video detail), or several of one
 * creator against the newest one's median (the creator's analysis).
 */
export function GrowthCurve({
  videos,
  height = 240,
  testId = 'growth-curve',
}: {
  videos: { title: string; growth: Growth }[]
  height?: number
  testId?: string
}) {
  const { t } = useTranslation()
  const format = useDashboardFormat()
  const data = useMemo(() => {
    const rows: SeriesDatum[] = []
    const label = (hours: number) => t('growth.window', { hours })
    // the median first: it has every window, so the ages read in order
    const median = videos[0]?.growth.median ?? []
    for (const hours of GROWTH_WINDOWS) {
      const row = median.find((candidate) => candidate.window_hours === hours)
      rows.push({ x: label(hours), value: row?.views ?? null, series: t('growth.median') })
    }
    for (const video of videos) {
      const series = videos.length === 1 ? t('growth.this_video') : short(video.title)
      for (const hours of GROWTH_WINDOWS) {
        const point = video.growth.points.find((candidate) => candidate.window_hours === hours)
        // a window not measured (pending, missed) is left out: the line joins the measured ones
        if (point && (point.status === 'taken' || point.status === 'late')) {
          rows.push({ x: label(hours), value: point.views, series })
        }
      }
    }
    return rows
  }, [videos, t])
  return (
    <LineChart
      data={data}
      height={height}
      formatValue={format.format}
      formatAxis={format.axis}
      empty={t('growth.no_curve')}
      testId={testId}
    />
  )
}
