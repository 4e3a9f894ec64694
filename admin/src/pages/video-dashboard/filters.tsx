import { useMemo } from 'react'
import { Button, DatePicker, Input, Select, Space } from 'antd'
import { ClearOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { PLATFORMS, TEAMS, type PlatformKey } from '@shared/constants'
import { VIDEO_VIEW_TIERS } from '@shared/videos'
import { PlatformSelect } from '../../components/platform-select'
import { useQueryPatch } from '../../lib/use-query-patch'
import { DAY } from '../../lib/dates'
import { VideoSearch } from '../../resources/videos/video-search'
import type { VideoFilters } from '../../resources/videos/types'

const FILTER_KEYS = ['q', 'platform', 'team', 'category', 'from', 'to', 'tier', 'deleted'] as const

/** The dashboard's filters, kept in the address (?platform=…&tier=…). */
export function useVideoFilters() {
  const [params, patch] = useQueryPatch()
  const filters = useMemo<VideoFilters>(() => {
    const platform = params.get('platform')
    const team = params.get('team')
    const tier = Number(params.get('tier'))
    const deleted = params.get('deleted')
    return {
      q: params.get('q') || undefined,
      platform: PLATFORMS.includes(platform as PlatformKey) ? (platform as PlatformKey) : undefined,
      team: TEAMS.includes(team as (typeof TEAMS)[number]) ? (team as string) : undefined,
      category: params.get('category') || undefined,
      published_from: params.get('from') || undefined,
      published_to: params.get('to') || undefined,
      tier:
        params.get('tier') !== null && Number.isInteger(tier) && VIDEO_VIEW_TIERS[tier]
          ? tier
          : undefined,
      deleted: deleted === 'yes' ? true : deleted === 'all' ? undefined : false,
    }
  }, [params])
  const deletedChoice = params.get('deleted') ?? 'no'
  const clear = () => patch(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))
  const active = FILTER_KEYS.some((key) => params.get(key))
  return { filters, params, patch, clear, active, deletedChoice }
}

export function VideoFilterBar({ state }: { state: ReturnType<typeof useVideoFilters> }) {
  const { t } = useTranslation()
  const { filters, patch, clear, active, deletedChoice } = state
  /** A field without a label says what it filters in its placeholder, and to screen readers. */
  const named = (key: string) => ({ 'placeholder': t(key), 'aria-label': t(key) })
  const setCategory = (event: { currentTarget: HTMLInputElement }) =>
    patch({ category: event.currentTarget.value.trim() || null })
  return (
    <Space wrap size={[12, 8]} data-testid="video-filters">
      <VideoSearch value={filters.q ?? ''} onSearch={(q) => patch({ q: q || null })} />
      <PlatformSelect
        value={filters.platform ?? null}
        onChange={(platform) => patch({ platform })}
        testId="video-filter-platform"
        width={170}
      />
      <Select
        allowClear
        value={filters.team}
        {...named('videos.filters.team')}
        style={{ width: 150 }}
        onChange={(team) => patch({ team: team ?? null })}
        options={TEAMS.map((key) => ({ value: key, label: t(`enum.team.${key}`) }))}
        data-testid="video-filter-team"
      />
      <Input
        allowClear
        defaultValue={filters.category}
        {...named('videos.filters.category')}
        style={{ width: 130 }}
        onPressEnter={setCategory}
        onBlur={setCategory}
        data-testid="video-filter-category"
      />
      <DatePicker.RangePicker
        value={
          filters.published_from && filters.published_to
            ? [dayjs(filters.published_from), dayjs(filters.published_to)]
            : null
        }
        aria-label={t('videos.filters.uploaded')}
        onChange={(range) =>
          patch({
            from: range?.[0]?.format(DAY) ?? null,
            to: range?.[1]?.format(DAY) ?? null,
          })
        }
        data-testid="video-filter-uploaded"
      />
      <Select
        value={deletedChoice}
        style={{ width: 150 }}
        aria-label={t('videos.filters.deleted')}
        onChange={(value) => patch({ deleted: value === 'no' ? null : value })}
        options={[
          { value: 'no', label: t('videos.filters.deleted_no') },
          { value: 'all', label: t('videos.filters.deleted_all') },
          { value: 'yes', label: t('videos.filters.deleted_yes') },
        ]}
        data-testid="video-filter-deleted"
      />
      {active && (
        <Button icon={<ClearOutlined />} onClick={clear} data-testid="video-filters-clear">
          {t('videos.filters.clear')}
        </Button>
      )}
    </Space>
  )
}
