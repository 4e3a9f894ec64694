import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { METRICS, PLATFORMS, type Metric, type PlatformKey } from '@shared/constants'
import type { Granularity, SeriesMode } from '../../../lib/metrics'
import { rangeEndingOn, useLatestDate } from '../../../lib/dates'

export const MAX_METRICS = 4
export const MAX_CREATORS = 10
const DEFAULT_METRICS: Metric[] = ['fans', 'views']
/** The chart panel's default window, in days ending on the newest snapshot day. */
export const DEFAULT_DAYS = 30

export interface PanelState {
  metrics: Metric[]
  creators: number[]
  /** null: the last DEFAULT_DAYS days ending on the newest day. */
  start: string | null
  end: string | null
  platform: PlatformKey | null
  granularity: Granularity
  mode: SeriesMode
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

function parse(params: URLSearchParams): PanelState {
  const list = (key: string) => (params.get(key) ?? '').split(',').filter(Boolean)
  const metrics = list('metrics')
    .filter((metric): metric is Metric => (METRICS as readonly string[]).includes(metric))
    .slice(0, MAX_METRICS)
  const creators = [
    ...new Set(
      list('creators')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0)
    ),
  ].slice(0, MAX_CREATORS)
  const start = params.get('start') ?? ''
  const end = params.get('end') ?? ''
  const platform = params.get('platform') ?? ''
  const granularity = params.get('granularity') ?? ''
  return {
    metrics: metrics.length ? metrics : DEFAULT_METRICS,
    creators,
    start: DAY.test(start) && DAY.test(end) ? start : null,
    end: DAY.test(start) && DAY.test(end) ? end : null,
    platform: (PLATFORMS as readonly string[]).includes(platform)
      ? (platform as PlatformKey)
      : null,
    granularity: granularity === 'week' || granularity === 'month' ? granularity : 'day',
    mode: params.get('mode') === 'diff' ? 'diff' : 'value',
  }
}

/**
 * The chart panel's choices kept in the address (?metrics=fans,views&creators=3,8
 * &start&end&platform&granularity&mode): a link reproduces the chart, and a
 * language switch (which remounts the screen) keeps it.
 */
export function usePanelParams() {
  const [params, setParams] = useSearchParams()
  const state = useMemo(() => parse(params), [params])
  const update = useCallback(
    (patch: Partial<PanelState>) =>
      setParams(
        (current) => {
          const next = { ...parse(current), ...patch }
          const out = new URLSearchParams()
          for (const [key, value] of [...current.entries()]) {
            if (
              !['metrics', 'creators', 'start', 'end', 'platform', 'granularity', 'mode'].includes(
                key
              )
            )
              out.set(key, value)
          }
          out.set('metrics', next.metrics.join(','))
          if (next.creators.length) out.set('creators', next.creators.join(','))
          if (next.start && next.end) {
            out.set('start', next.start)
            out.set('end', next.end)
          }
          if (next.platform) out.set('platform', next.platform)
          if (next.granularity !== 'day') out.set('granularity', next.granularity)
          if (next.mode !== 'value') out.set('mode', next.mode)
          return out
        },
        { replace: true }
      ),
    [setParams]
  )
  return { state, update }
}

/** The range the panel draws: the chosen one, else the last DEFAULT_DAYS days ending on the newest day. */
export function useEffectiveRange(state: PanelState): [string, string] | [null, null] {
  const { latest } = useLatestDate()
  if (state.start && state.end) return [state.start, state.end]
  return latest ? rangeEndingOn(latest, DEFAULT_DAYS) : [null, null]
}
