import { useCallback, useEffect, useRef, useState } from 'react'
import type { PlatformKey } from '@shared/constants'
import { api } from '../../../providers/http'
import { failureOf, unwrap } from '../../../lib/http'
import type { CollectionRun } from '../types'

/** How often a running collection is asked for its progress. */
export const POLL_MS = 1_500

export const isRunning = (run: CollectionRun | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running'

interface Options {
  platform?: PlatformKey
  /** The newest run the overview reports: when it is still running, its progress is followed. */
  lastRun?: CollectionRun | null
  onFinished: (run: CollectionRun) => void
  onError: (message: string) => void
}

/**
 * 'Resync data': POST /api/metrics/collect for the dashboard's platform
 * scope, then GET /api/metrics/runs/:id every 1.5 s until the run is
 * finished or failed. A run already under way (started by someone else, or
 * the same scope answered 409) is followed the same way.
 */
export function useCollection({ platform, lastRun, onFinished, onError }: Options) {
  const [run, setRun] = useState<CollectionRun | null>(null)
  const [starting, setStarting] = useState(false)
  const followed = useRef(new Set<number>())
  const callbacks = useRef({ onFinished, onError })
  useEffect(() => {
    callbacks.current = { onFinished, onError }
  })

  const follow = useCallback((next: CollectionRun) => {
    followed.current.add(next.id)
    setRun(next)
  }, [])

  // Follow a run the overview shows as queued or running.
  useEffect(() => {
    if (lastRun && isRunning(lastRun) && !followed.current.has(lastRun.id)) follow(lastRun)
  }, [lastRun, follow])

  const runId = run?.id
  const running = isRunning(run)
  useEffect(() => {
    if (!runId || !running) return
    let cancelled = false
    const timer = window.setTimeout(async () => {
      try {
        const { data } = await api.get(`/api/metrics/runs/${runId}`)
        if (cancelled) return
        const next = unwrap<CollectionRun>(data)
        setRun(next)
        if (!isRunning(next)) callbacks.current.onFinished(next)
      } catch (error) {
        if (cancelled) return
        setRun(null)
        callbacks.current.onError(failureOf(error).message)
      }
    }, POLL_MS)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [runId, running, run])

  const start = useCallback(async () => {
    setStarting(true)
    try {
      const { data } = await api.post('/api/metrics/collect', platform ? { platform } : {})
      follow(unwrap<CollectionRun>(data))
    } catch (error: any) {
      const failure = failureOf(error)
      // The same scope is already being collected: show that run's progress.
      const body = error?.response?.data?.data
      const current = (body?.run ?? body) as CollectionRun | undefined
      if (failure.status === 409 && current && typeof current.id === 'number') follow(current)
      else callbacks.current.onError(failure.message)
    } finally {
      setStarting(false)
    }
  }, [platform, follow])

  const dismiss = useCallback(() => setRun(null), [])

  return { run, starting, running, start, dismiss }
}
