import { useSearchParams } from 'react-router'

/**
 * The screen's state in its address (?tab=…&id=…): returns the parameters
 * and a function that sets or clears several at once (undefined clears).
 */
export function useQueryPatch() {
  const [params, setParams] = useSearchParams()
  const patch = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setParams(next)
  }
  return [params, patch] as const
}
