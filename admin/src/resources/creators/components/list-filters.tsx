import { useEffect, useState } from 'react'
import { Button, Input, Select, Space } from 'antd'
import {
  ClearOutlined,
  SearchOutlined,
  StarOutlined,
  WarningOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import {
  ACCESS_STATUS,
  CONTRACT_STATUSES,
  CREATOR_CATEGORIES,
  CREATOR_KINDS,
  FOLLOWER_TIERS,
  PLATFORMS,
  TEAMS,
} from '@shared/constants'
import { useNumberFormat } from '../../../lib/format'

/** Every filter of the creator list, as the query parameters GET /api/creators reads. */
export const FILTER_FIELDS = [
  'q',
  'kind',
  'category',
  'team',
  'contract_status',
  'failing',
  'min_fans',
  'new',
  'favorite',
  'platform',
  'token_status',
] as const
type FilterField = (typeof FILTER_FIELDS)[number]
export type FilterValues = Partial<Record<FilterField, string>>

/** The search box, the selects and the toggles above the creator list. */
export function ListFilters({
  values,
  tiers,
  onChange,
  onClear,
}: {
  values: FilterValues
  tiers?: Record<string, number>
  onChange: (patch: FilterValues) => void
  onClear: () => void
}) {
  const { t } = useTranslation()
  const { compact, format } = useNumberFormat()
  const [search, setSearch] = useState(values.q ?? '')
  useEffect(() => setSearch(values.q ?? ''), [values.q])

  const select = (field: FilterField, options: { value: string; label: string }[], width = 150) => (
    <Select
      allowClear
      value={values[field]}
      placeholder={t(`creators.filters.${field}`)}
      aria-label={t(`creators.filters.${field}`)}
      style={{ width }}
      options={options}
      onChange={(value?: string) => onChange({ [field]: value })}
      popupMatchSelectWidth={false}
      data-testid={`filter-${field}`}
    />
  )

  const toggle = (field: FilterField, icon: React.ReactNode) => {
    const active = values[field] === '1'
    return (
      <Button
        icon={icon}
        type={active ? 'primary' : 'default'}
        ghost={active}
        aria-pressed={active}
        onClick={() => onChange({ [field]: active ? undefined : '1' })}
        data-testid={`filter-${field}`}
      >
        {t(`creators.filters.${field}`)}
      </Button>
    )
  }

  const active = FILTER_FIELDS.some((field) => values[field] !== undefined)

  return (
    <Space direction="vertical" size={10} style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            if (!event.target.value && values.q) onChange({ q: undefined })
          }}
          onSearch={(value) => onChange({ q: value.trim() || undefined })}
          placeholder={t('creators.filters.search_placeholder')}
          aria-label={t('creators.filters.q')}
          enterButton={<SearchOutlined />}
          style={{ width: 340 }}
          data-testid="creator-search"
        />
        {toggle('failing', <WarningOutlined />)}
        {toggle('new', <ThunderboltOutlined />)}
        {toggle('favorite', <StarOutlined />)}
        <Button
          icon={<ClearOutlined />}
          onClick={onClear}
          disabled={!active}
          data-testid="filter-clear"
        >
          {t('creators.filters.clear')}
        </Button>
      </Space>
      <Space wrap>
        {select(
          'kind',
          CREATOR_KINDS.map((kind) => ({ value: kind, label: t(`enum.kind.${kind}`) })),
          120
        )}
        {select(
          'category',
          CREATOR_CATEGORIES.map((category) => ({
            value: category,
            label: t(`enum.category.${category}`),
          })),
          130
        )}
        {select(
          'team',
          TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) })),
          130
        )}
        {select(
          'contract_status',
          CONTRACT_STATUSES.map((status) => ({
            value: status,
            label: t(`enum.contract_status.${status}`),
          })),
          120
        )}
        {select(
          'min_fans',
          FOLLOWER_TIERS.map((tier) => ({
            value: String(tier),
            label: `${t('creators.filters.at_least', { value: compact(tier) })}${tiers?.[String(tier)] !== undefined ? ` (${format(tiers[String(tier)])})` : ''}`,
          })),
          150
        )}
        {select(
          'platform',
          PLATFORMS.map((platform) => ({ value: platform, label: t(`enum.platform.${platform}`) })),
          140
        )}
        <Select
          allowClear
          disabled={!values.platform}
          value={values.token_status}
          placeholder={t('creators.filters.token_status')}
          aria-label={t('creators.filters.token_status')}
          style={{ width: 140 }}
          onChange={(value?: string) => onChange({ token_status: value })}
          options={[
            { value: String(ACCESS_STATUS.CONNECTED), label: t('creators.status.connected') },
            {
              value: String(ACCESS_STATUS.CANNOT_ACCESS),
              label: t('creators.status.cannot_access'),
            },
          ]}
          popupMatchSelectWidth={false}
          data-testid="filter-token_status"
        />
      </Space>
    </Space>
  )
}
