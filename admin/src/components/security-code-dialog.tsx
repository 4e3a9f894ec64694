import { lazy, Suspense, type ComponentProps } from 'react'

/*
 * The security-code dialog holds a form: screens that only may ask for a
 * code (a Reveal or a Delete button on a first screen) take it from here, a
 * chunk fetched when the pointer or the focus reaches their button
 * (`prefetchSecurityCodeDialog`) or when it first opens.
 */
const load = () => import('./security-code-modal')
const SecurityCodeModal = lazy(() =>
  load().then((module) => ({ default: module.SecurityCodeModal }))
)

export function prefetchSecurityCodeDialog() {
  load().catch(() => undefined)
}

/** SecurityCodeModal, drawn from its first opening on (so it closes with its animation). */
export function SecurityCodeDialog({
  mounted,
  ...props
}: ComponentProps<typeof SecurityCodeModal> & { mounted: boolean }) {
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <SecurityCodeModal {...props} />
    </Suspense>
  )
}
