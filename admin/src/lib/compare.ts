import { useCallback, useSyncExternalStore } from 'react'

/** Creators picked for the compare screen: at most five ids, kept in this browser. */
const COMPARE_KEY = 'mcn.compare'
export const COMPARE_MAX = 5
const EVENT = 'mcn-compare-change'

function read(): number[] {
  try {
    const value = JSON.parse(localStorage.getItem(COMPARE_KEY) ?? '[]')
    return Array.isArray(value)
      ? value
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0)
          .slice(0, COMPARE_MAX)
      : []
  } catch {
    return []
  }
}

let cache: { raw: string | null; ids: number[] } = { raw: null, ids: [] }

function snapshot() {
  const raw = localStorage.getItem(COMPARE_KEY)
  if (raw !== cache.raw) cache = { raw, ids: read() }
  return cache.ids
}

function subscribe(listener: () => void) {
  window.addEventListener(EVENT, listener)
  window.addEventListener('storage', listener)
  return () => {
    window.removeEventListener(EVENT, listener)
    window.removeEventListener('storage', listener)
  }
}

function write(ids: number[]) {
  localStorage.setItem(COMPARE_KEY, JSON.stringify(ids))
  window.dispatchEvent(new Event(EVENT))
}

export function useCompare() {
  const ids = useSyncExternalStore(subscribe, snapshot)
  /** Adds (true), removes (false) or refuses because the tray is full ('full'). */
  const toggle = useCallback((id: number): boolean | 'full' => {
    const current = read()
    if (current.includes(id)) {
      write(current.filter((item) => item !== id))
      return false
    }
    if (current.length >= COMPARE_MAX) return 'full'
    write([...current, id])
    return true
  }, [])
  const clear = useCallback(() => write([]), [])
  return { ids, toggle, clear }
}
