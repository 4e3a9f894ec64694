import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react'

/**
 * A component whose code is a chunk of its own, like React's `lazy`, but
 * drawn without a Suspense boundary: until the code is in, `fallback` stands
 * in its place; once it is in (fetched by an earlier `preload()` or by the
 * first draw), it is drawn at once, in the same render.
 *
 * Why not `lazy`: React holds back every Suspense boundary that reveals its
 * content until 300 ms after the last boundary anywhere showed or hid its
 * fallback, so a screen whose frame, page and charts each came through one
 * waited up to 300 ms per step with nothing left to load. A state update is
 * not held back. A failed fetch is thrown to the nearest error boundary, as
 * `lazy` does; the next draw asks again.
 */
export function onDemand<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined

  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined
        throw error
      }
    ))

  function OnDemand({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [, setArrived] = useState<ComponentType<P>>()
    const [failure, setFailure] = useState<{ error: unknown }>()
    useEffect(() => {
      if (loaded) return
      let mounted = true
      preload().then(
        (component) => mounted && setArrived(() => component),
        (error: unknown) => mounted && setFailure({ error })
      )
      return () => {
        mounted = false
      }
    }, [])
    if (failure) throw failure.error
    return loaded ? createElement(loaded, props as P) : fallback
  }

  return Object.assign(OnDemand, { preload })
}
