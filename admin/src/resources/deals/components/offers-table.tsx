import { useState } from 'react'
import { useTable } from '@refinedev/antd'
import { Input, Select, Space, Table } from 'antd'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AD_FORMATS, PLATFORMS, TEAMS } from '@shared/constants'
import { useNumberFormat } from '../../../lib/format'

/** One creator's ad price on a platform in a format, and its value in won. */
interface Offer {
  id: number
  creator: { id: number; name: string; brand_no: string; fans: number }
  team: string | null
  platform: string
  format: string
  price: string
  currency: string
  price_krw: number
}

/** The ad offers tab: creators' prices by platform and format, dearest first, searchable and filtered. */
export function OffersTable() {
  const { t } = useTranslation()
  const { format, money } = useNumberFormat()
  const [filters, setFilters] = useState<Record<string, string | undefined>>({})
  const { tableProps } = useTable<Offer>({
    resource: 'market/offers',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    sorters: { initial: [{ field: 'price_krw', order: 'desc' }] },
    filters: {
      permanent: Object.entries(filters).map(([field, value]) => ({
        field,
        operator: 'eq' as const,
        value,
      })),
    },
  })
  const set = (field: string, value?: string) =>
    setFilters((current) => ({ ...current, [field]: value }))
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('market.search_creator')}
          onSearch={(value) => set('q', value.trim() || undefined)}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('market.platform')}
          style={{ width: 150 }}
          onChange={(value) => set('platform', value)}
          options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
        />
        <Select
          allowClear
          placeholder={t('market.format')}
          style={{ width: 160 }}
          onChange={(value) => set('format', value)}
          options={AD_FORMATS.map((key) => ({ value: key, label: t(`enum.ad_format.${key}`) }))}
        />
        <Select
          allowClear
          placeholder={t('market.team')}
          style={{ width: 160 }}
          onChange={(value) => set('team', value)}
          options={TEAMS.map((key) => ({ value: key, label: t(`enum.team.${key}`) }))}
        />
      </Space>
      <Table<Offer> {...tableProps} rowKey="id" size="middle" data-testid="offer-table">
        <Table.Column<Offer>
          dataIndex="creator"
          key="creator"
          title={t('market.creator')}
          sorter
          render={(_, row) => (
            <Link to={`/app/creator_info?id=${row.creator.id}`}>{row.creator.name}</Link>
          )}
        />
        <Table.Column<Offer>
          key="fans"
          title={t('market.fans')}
          sorter
          align="right"
          render={(_, row) => format(row.creator.fans)}
        />
        <Table.Column<Offer>
          dataIndex="team"
          title={t('market.team')}
          render={(value) => (value ? t(`enum.team.${value}`) : '—')}
        />
        <Table.Column<Offer>
          dataIndex="platform"
          title={t('market.platform')}
          render={(value) => t(`enum.platform.${value}`)}
        />
        <Table.Column<Offer>
          dataIndex="format"
          title={t('market.format')}
          render={(value) => t(`enum.ad_format.${value}`)}
        />
        <Table.Column<Offer>
          key="price"
          title={t('market.price')}
          align="right"
          render={(_, row) => `${money(row.price)} ${row.currency}`}
        />
        <Table.Column<Offer>
          dataIndex="price_krw"
          key="price_krw"
          title={t('market.price_krw')}
          sorter
          defaultSortOrder="descend"
          align="right"
          render={(value) => `₩${format(value)}`}
        />
      </Table>
    </Space>
  )
}
