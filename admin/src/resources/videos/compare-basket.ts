import { useCallback, useSyncExternalStore } from 'react'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { VIDEO_COMPARE_MAX } from '@shared/videos'

/*
 * The videos picked for the video compare: kept in the browser
 * (localStorage), so the dashboard, a video's page and the compare screen
 * share them across tabs; the compare screen's address (?ids=) wins when
 * given. At most VIDEO_COMPARE_MAX, with a clear message past it.
 */
const KEY = 'mcn.video_compare'
const listeners = new Set<() => void>()
let cached: { text: string | null; ids: number[] } = { text: null, ids: [] }

function read(): number[] {
  let text: string | null = null
  try {
    text = localStorage.getItem(KEY)
  } catch {
    text = null
  }
  if (text === cached.text) return cached.ids
  let ids: number[] = []
  try {
    const parsed = JSON.parse(text ?? '[]') as unknown
    if (Array.isArray(parsed)) {
      ids = parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0)
    }
  } catch {
    ids = []
  }
  cached = { text, ids: ids.slice(0, VIDEO_COMPARE_MAX) }
  return cached.ids
}

function write(ids: number[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids))
  } catch {
    // private mode: the basket lives as long as the page
    cached = { text: JSON.stringify(ids), ids }
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => event.key === KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The picked ids and the ways to change them (adding past the limit says so). */
export function useCompareBasket() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const ids = useSyncExternalStore(subscribe, read, () => [])
  const has = useCallback((id: number) => ids.includes(id), [ids])
  const add = useCallback(
    (id: number) => {
      const current = read()
      if (current.includes(id)) return true
      if (current.length >= VIDEO_COMPARE_MAX) {
        message.warning(t('videos.compare.full', { max: VIDEO_COMPARE_MAX }))
        return false
      }
      write([...current, id])
      return true
    },
    [message, t]
  )
  const remove = useCallback((id: number) => write(read().filter((other) => other !== id)), [])
  const replace = useCallback((next: number[]) => write(next.slice(0, VIDEO_COMPARE_MAX)), [])
  return { ids, has, add, remove, replace, max: VIDEO_COMPARE_MAX }
}
