import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/**
 * The screen's state in its address (?tab=…&id=…): returns the parameters
 * and a function that sets or clears several at once (empty clears);
 * `replace` rewrites the current history entry instead of adding one.
 */
export function useQueryPatch({ replace = false }: { replace?: boolean } = {}) {
  const [params, setParams] = useSearchParams()
  const patch = useCallback(
    (changes: Record<string, string | null | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value)
            else next.delete(key)
          }
          return next
        },
        { replace }
      ),
    [setParams, replace]
  )
  return [params, patch] as const
}
