import { useCallback, useEffect, useRef, useState } from 'react'
import type { PlatformKey } from '@shared/constants'
import { useCustom, useCustomMutation } from '@refinedev/core'
import type { CollectionRun } from '../../../lib/metrics'

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
  const [followedRun, setFollowedRun] = useState<CollectionRun | null>(null)
  const followed = useRef(new Set<number>())
  const reported = useRef(new Set<number>())
  const callbacks = useRef({ onFinished, onError })
  useEffect(() => {
    callbacks.current = { onFinished, onError }
  })

  const follow = useCallback((next: CollectionRun) => {
    followed.current.add(next.id)
    setFollowedRun(next)
  }, [])

  // Follow a run the overview shows as queued or running.
  useEffect(() => {
    if (lastRun && isRunning(lastRun) && !followed.current.has(lastRun.id)) follow(lastRun)
  }, [lastRun, follow])

  const { query } = useCustom<CollectionRun>({
    url: `/api/metrics/runs/${followedRun?.id}`,
    method: 'get',
    queryOptions: {
      enabled: followedRun !== null && isRunning(followedRun),
      refetchInterval: (current) => (isRunning(current.state.data?.data) ? POLL_MS : false),
      retry: false,
    },
    errorNotification: false,
  })
  const polled = query.data?.data
  const run = followedRun && polled?.id === followedRun.id ? polled : followedRun

  useEffect(() => {
    if (run && !isRunning(run) && !reported.current.has(run.id)) {
      reported.current.add(run.id)
      callbacks.current.onFinished(run)
    }
  }, [run])

  useEffect(() => {
    if (!query.error) return
    setFollowedRun(null)
    callbacks.current.onError(query.error.message)
  }, [query.error])

  const { mutate, mutation } = useCustomMutation<CollectionRun>()
  const start = useCallback(
    () =>
      mutate(
        {
          url: '/api/metrics/collect',
          method: 'post',
          values: platform ? { platform } : {},
          successNotification: false,
          errorNotification: false,
        },
        {
          onSuccess: ({ data }) => follow(data),
          onError: (error) => {
            // The same scope is already being collected: show that run's progress.
            const body = error.data as { run?: CollectionRun } | CollectionRun | undefined
            const current = ((body && 'run' in body ? body.run : body) ?? undefined) as
              CollectionRun | undefined
            if (error.statusCode === 409 && current && typeof current.id === 'number')
              follow(current)
            else callbacks.current.onError(error.message)
          },
        }
      ),
    [mutate, platform, follow]
  )

  const dismiss = useCallback(() => setFollowedRun(null), [])

  return { run, starting: mutation.isPending, running: isRunning(run), start, dismiss }
}
