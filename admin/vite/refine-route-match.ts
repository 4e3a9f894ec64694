/**
 * @refinedev/core as @refinedev/react-router sees it (see narrow-imports.ts),
 * with `matchResourceFromRoute` answered from a cache. The router's `parse`
 * hook runs that match over every resource and action once per component
 * that mounts it, and Refine's navigation hooks mount it several times over
 * in every table row's buttons and links: the creators list made 1,758 of
 * them for one path on its first screen. The answer depends on the path and
 * the resource list alone, so one per pair is kept.
 */
import { matchResourceFromRoute as matchUncached } from '@refinedev/core'

export * from '@refinedev/core'

type Resources = Parameters<typeof matchUncached>[1]
type Match = ReturnType<typeof matchUncached>

/** Per resource list (a new list starts afresh): the match of each path, at most 100 paths. */
const matches = new WeakMap<Resources, Map<string, Match>>()
const PATHS_KEPT = 100

export function matchResourceFromRoute(route: string, resources: Resources): Match {
  let byPath = matches.get(resources)
  if (!byPath) matches.set(resources, (byPath = new Map()))
  let match = byPath.get(route)
  if (!match) {
    match = matchUncached(route, resources)
    if (byPath.size >= PATHS_KEPT) byPath.delete(byPath.keys().next().value!)
    byPath.set(route, match)
  }
  return match
}
