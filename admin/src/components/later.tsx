import { startTransition, Suspense, useEffect, useState } from 'react'

/*
 * Parts of a long screen that start below the fold are drawn after the
 * parts above it, one part per task: the first paint never waits for them,
 * and no single task holds the page while all of them render and lay out.
 * A part may be a lazy component (its code a chunk of its own, fetched when
 * its turn comes): the same block keeps its place until the code is in.
 */
const soon: (() => void)[] = []
const waiting: (() => void)[] = []
let draining = false

/**
 * The parts below the fold wait two frames after the parts in view: by then
 * the charts drawn in view have seen their place and asked for their code,
 * which goes first on the network.
 */
function afterFrames(run: () => void) {
  if (typeof requestAnimationFrame === 'undefined') return void setTimeout(run, 0)
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)))
}

function drawNext() {
  const inView = soon.shift()
  const draw = inView ?? waiting.shift()
  if (draw) startTransition(draw)
  if (soon.length) setTimeout(drawNext, 0)
  else if (waiting.length && inView) afterFrames(drawNext)
  else if (waiting.length) setTimeout(drawNext, 0)
  else draining = false
}

/**
 * Renders `children` in a later task; until then a block of `minHeight`
 * keeps their place. `soon`: a part in view that is only split from the rest
 * of the first render, drawn before the parts below the fold.
 */
export function Later({
  children,
  minHeight = 240,
  soon: inView = false,
}: {
  children: React.ReactNode
  minHeight?: number
  soon?: boolean
}) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let mounted = true
    ;(inView ? soon : waiting).push(() => mounted && setReady(true))
    if (!draining) {
      draining = true
      if (inView) setTimeout(drawNext, 0)
      else afterFrames(drawNext)
    }
    return () => {
      mounted = false
    }
  }, [inView])
  const place = <div style={{ minHeight }} aria-hidden />
  return ready ? <Suspense fallback={place}>{children}</Suspense> : place
}
