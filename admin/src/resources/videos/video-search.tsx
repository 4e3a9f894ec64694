import { useEffect, useMemo, useState } from 'react'
import { AutoComplete, Input } from 'antd'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useApiQuery } from '../../lib/use-api-query'
import { useNumberFormat } from '../../lib/format'
import { videoPath } from './video-bits'
import type { Suggestions } from './types'

/** What was typed, settled for 250 ms (one suggestion request per pause, not per key). */
function useSettled(value: string, delay = 250) {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

/**
 * The search box of the video screens: words and titles suggested while
 * typing (GET /api/videos/suggest); a word fills the box and searches, a
 * title opens that video.
 */
export function VideoSearch({
  value,
  onSearch,
  width = 280,
}: {
  value: string
  onSearch: (text: string) => void
  width?: number
}) {
  const { t } = useTranslation()
  const { compact } = useNumberFormat()
  const navigate = useNavigate()
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  const settled = useSettled(text.trim())
  const params = useMemo(() => ({ q: settled }), [settled])
  const suggestions = useApiQuery<Suggestions>('/api/videos/suggest', params, {
    enabled: settled.length > 0,
  })
  const data = settled ? suggestions.data : undefined
  const options = [
    ...(data?.words.length
      ? [
          {
            label: t('videos.suggest_words'),
            options: data.words.map((word) => ({
              value: `word:${word.word}`,
              label: (
                <span data-testid="suggest-word" style={{ display: 'flex', gap: 8 }}>
                  <span style={{ flex: 1 }}>{word.word}</span>
                  <span style={{ color: '#8c8c8c' }}>{compact(word.videos)}</span>
                </span>
              ),
            })),
          },
        ]
      : []),
    ...(data?.titles.length
      ? [
          {
            label: t('videos.suggest_titles'),
            options: data.titles.map((title) => ({
              value: `video:${title.id}`,
              label: (
                <span data-testid="suggest-title" title={title.title}>
                  {title.title}
                </span>
              ),
            })),
          },
        ]
      : []),
  ]
  return (
    <AutoComplete
      value={text}
      options={options}
      style={{ width }}
      onChange={(next) => {
        if (!next.startsWith('word:') && !next.startsWith('video:')) setText(next)
      }}
      onSelect={(chosen: string) => {
        if (chosen.startsWith('video:')) {
          navigate(videoPath(Number(chosen.slice(6))))
          return
        }
        const word = chosen.slice(5)
        setText(word)
        onSearch(word)
      }}
    >
      <Input.Search
        allowClear
        placeholder={t('videos.search')}
        aria-label={t('videos.search')}
        onSearch={(next) => onSearch(next.trim())}
        data-testid="video-search"
      />
    </AutoComplete>
  )
}
