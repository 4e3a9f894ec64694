import { useEffect, useMemo, useState } from 'react'
import { useList, useMany } from '@refinedev/core'
import { Select, Space, Spin, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CreatorListItem } from '../../../resources/creators/types'
import { KIND_COLOR } from '../../../lib/colors'

type Option = Pick<CreatorListItem, 'id' | 'channel_name' | 'channel_name_zh' | 'brand_no' | 'kind'>

/** Waits until typing pauses before searching. */
function useDebounced<T>(value: T, delay = 300) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

/**
 * Picks creators by name, Chinese name, brand number or uid (GET
 * /api/creators?q=…), up to `max`. Empty means the whole network.
 */
export function CreatorPicker({
  value,
  onChange,
  max,
  testId = 'creator-picker',
}: {
  value: number[]
  onChange: (ids: number[]) => void
  max: number
  testId?: string
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())

  const { result: found, query: foundQuery } = useList<CreatorListItem>({
    resource: 'creators',
    filters: q ? [{ field: 'q', operator: 'eq', value: q }] : [],
    pagination: { currentPage: 1, pageSize: 20 },
    sorters: [{ field: 'id', order: 'desc' }],
    errorNotification: false,
  })
  // The names of the picked creators (the search may no longer list them).
  const { result: picked } = useMany<CreatorListItem>({
    resource: 'creators',
    ids: value,
    queryOptions: { enabled: value.length > 0, placeholderData: (previous) => previous },
    errorNotification: false,
  })

  const options = useMemo(() => {
    const list = new Map<number, Option>()
    for (const item of picked?.data ?? []) if (value.includes(item.id)) list.set(item.id, item)
    for (const item of found?.data ?? []) list.set(item.id, item)
    return [...list.values()].map((item) => ({
      value: item.id,
      name: item.channel_name,
      label: (
        <Space size={6}>
          <Tag color={KIND_COLOR[item.kind]} style={{ marginInlineEnd: 0 }}>
            {item.kind}
          </Tag>
          <span>{item.channel_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[item.brand_no, item.channel_name_zh].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    }))
  }, [found, picked, value])

  return (
    <Select<number[]>
      mode="multiple"
      value={value}
      onChange={(ids) => onChange(ids.slice(0, max))}
      maxCount={max}
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      options={options}
      optionLabelProp="name"
      placeholder={t('chart_panel.creators_placeholder')}
      notFoundContent={foundQuery.isFetching ? <Spin size="small" /> : t('chart_panel.no_creators')}
      style={{ minWidth: 320, width: '100%' }}
      allowClear
      data-testid={testId}
      aria-label={t('chart_panel.creators')}
    />
  )
}
