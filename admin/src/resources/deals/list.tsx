import { lazy, Suspense, useMemo, useState } from 'react'
import { useCan, useCustom, useList } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseOutlined,
  EditOutlined,
  PlusOutlined,
  RedoOutlined,
} from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AD_FORMATS, PLATFORMS, TEAMS } from '@shared/constants'
import { DEAL_STAGES, DEAL_STAGES_ALL, type DealStage } from '@shared/market'
import { api } from '../../providers/http'
import { useNumberFormat } from '../../lib/format'
import { DealForm } from './components/deal-form'
import type { Deal } from './types'

const TotalsChart = lazy(() => import('./components/totals-chart'))
const STAGE_COLORS: Record<DealStage, string> = {
  enquiry: 'blue',
  negotiating: 'gold',
  signed: 'green',
  delivered: 'purple',
  lost: 'default',
}

/** /app/market_dashboard — Market Store: brand deals, creators' ad offers, totals per team and month. */
export function DealList() {
  const { t } = useTranslation()
  const { data: canManage } = useCan({ resource: 'market', action: 'manage' })
  const staffSide = Boolean(canManage?.can)
  return (
    <Card title={t('menu.market_dashboard')}>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'deals',
            label: staffSide ? t('market.tabs.deals') : t('market.tabs.enquiries'),
            children: <DealBoard staffSide={staffSide} />,
          },
          ...(staffSide
            ? [
                { key: 'offers', label: t('market.tabs.offers'), children: <Offers /> },
                { key: 'totals', label: t('market.tabs.totals'), children: <Totals /> },
              ]
            : []),
        ]}
      />
    </Card>
  )
}

function DealBoard({ staffSide }: { staffSide: boolean }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { format, money } = useNumberFormat()
  const [q, setQ] = useState('')
  const [team, setTeam] = useState<string>()
  const [editing, setEditing] = useState<Deal | null | undefined>(undefined)
  const { result, query } = useList<Deal>({
    resource: 'market/deals',
    pagination: { currentPage: 1, pageSize: 500 },
    filters: [
      { field: 'q', operator: 'eq', value: q || undefined },
      { field: 'team', operator: 'eq', value: team },
    ],
  })
  const deals = result?.data ?? []

  const move = async (deal: Deal, stage: DealStage) => {
    try {
      await api.post(`/api/market/deals/${deal.id}/stage`, { stage })
      message.success(t('market.moved', { brand: deal.brand, stage: t(`market.stages.${stage}`) }))
      await query.refetch()
    } catch (error: any) {
      message.error(error?.message || t('errors.request_failed'))
    }
  }

  const columns: DealStage[] = staffSide ? [...DEAL_STAGES_ALL] : [...DEAL_STAGES_ALL]
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('market.search_brand')}
          onSearch={(value) => setQ(value.trim())}
          style={{ width: 240 }}
        />
        {staffSide && (
          <Select
            allowClear
            placeholder={t('market.team')}
            value={team}
            onChange={setTeam}
            style={{ width: 170 }}
            options={TEAMS.map((key) => ({ value: key, label: t(`enum.team.${key}`) }))}
          />
        )}
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing(null)}
          data-testid="deal-new"
        >
          {staffSide ? t('market.new_deal') : t('market.new_enquiry')}
        </Button>
      </Space>
      <Row gutter={12} wrap={false} style={{ overflowX: 'auto' }} data-testid="deal-board">
        {columns.map((stage) => {
          const items = deals.filter((deal) => deal.stage === stage)
          const total = items.reduce((sum, deal) => sum + (deal.amount_krw ?? 0), 0)
          return (
            <Col key={stage} flex="1 0 230px">
              <Card
                size="small"
                title={
                  <Space>
                    <Tag color={STAGE_COLORS[stage]}>{t(`market.stages.${stage}`)}</Tag>
                    <span>{items.length}</span>
                  </Space>
                }
                extra={<Typography.Text type="secondary">₩{format(total)}</Typography.Text>}
                styles={{ body: { background: '#fafafa', minHeight: 240, padding: 8 } }}
                data-testid={`deal-column-${stage}`}
              >
                {items.length === 0 && (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('market.no_deals')} />
                )}
                <Space direction="vertical" style={{ width: '100%' }}>
                  {items.map((deal) => (
                    <Card key={deal.id} size="small" data-testid={`deal-${deal.id}`}>
                      <Space direction="vertical" size={2} style={{ width: '100%' }}>
                        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                          <Typography.Text strong>{deal.brand}</Typography.Text>
                          {deal.from_company && <Tag color="cyan">{t('market.from_company')}</Tag>}
                        </Space>
                        {deal.creator && (
                          <Link to={`/app/creator_info?id=${deal.creator.id}`}>
                            {deal.creator.name}
                          </Link>
                        )}
                        <Typography.Text type="secondary">
                          {[
                            deal.platform && t(`enum.platform.${deal.platform}`),
                            deal.format && t(`enum.ad_format.${deal.format}`),
                          ]
                            .filter(Boolean)
                            .join(' · ') || '—'}
                        </Typography.Text>
                        <Typography.Text>
                          {deal.amount === null
                            ? t('market.no_amount')
                            : `${money(deal.amount)} ${deal.currency}`}
                        </Typography.Text>
                        {deal.owner && (
                          <Typography.Text type="secondary">
                            {t('market.owner')}: {deal.owner.name}
                          </Typography.Text>
                        )}
                        {staffSide && (
                          <Space size={4} wrap>
                            {deal.moves.map((target) => {
                              const forward =
                                DEAL_STAGES.indexOf(target as (typeof DEAL_STAGES)[number]) >
                                DEAL_STAGES.indexOf(deal.stage as (typeof DEAL_STAGES)[number])
                              const icon =
                                target === 'lost' ? (
                                  <CloseOutlined />
                                ) : deal.stage === 'lost' ? (
                                  <RedoOutlined />
                                ) : forward ? (
                                  <ArrowRightOutlined />
                                ) : (
                                  <ArrowLeftOutlined />
                                )
                              return (
                                <Tooltip key={target} title={t(`market.stages.${target}`)}>
                                  <Button
                                    size="small"
                                    danger={target === 'lost'}
                                    type={forward ? 'primary' : 'default'}
                                    icon={icon}
                                    onClick={() => void move(deal, target)}
                                    data-testid={`move-${deal.id}-${target}`}
                                  >
                                    {forward ? t(`market.stages.${target}`) : null}
                                  </Button>
                                </Tooltip>
                              )
                            })}
                            <Button
                              size="small"
                              type="text"
                              icon={<EditOutlined />}
                              onClick={() => setEditing(deal)}
                              aria-label={t('market.edit_deal')}
                            />
                          </Space>
                        )}
                      </Space>
                    </Card>
                  ))}
                </Space>
              </Card>
            </Col>
          )
        })}
      </Row>
      <DealForm
        open={editing !== undefined}
        deal={editing ?? null}
        staffSide={staffSide}
        onClose={(saved) => {
          setEditing(undefined)
          if (saved) void query.refetch()
        }}
      />
    </Space>
  )
}

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

function Offers() {
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

interface TotalsRow {
  team: string | null
  month: string
  signed: number
  signed_krw: number
  delivered: number
  delivered_krw: number
}

function Totals() {
  const { t } = useTranslation()
  const { format, compact } = useNumberFormat()
  const [year, setYear] = useState(new Date().getFullYear())
  const { query } = useCustom<{ data: { rows: TotalsRow[] } }>({
    url: '/api/market/totals',
    method: 'get',
    config: { query: { year } },
  })
  const rows = useMemo(() => query.data?.data?.data?.rows ?? [], [query.data])
  const teamName = (team: string | null) => (team ? t(`enum.team.${team}`) : t('market.no_team'))
  const chart = rows.map((row) => ({
    month: row.month,
    team: teamName(row.team),
    value: row.signed_krw,
  }))
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Select
        value={year}
        onChange={setYear}
        style={{ width: 120 }}
        options={[0, 1, 2, 3].map((back) => ({
          value: new Date().getFullYear() - back,
          label: String(new Date().getFullYear() - back),
        }))}
      />
      <Card size="small" title={t('market.signed_per_month')}>
        {chart.length ? (
          <Suspense fallback={<Skeleton active />}>
            <TotalsChart data={chart} format={(value) => `₩${format(value)}`} compact={compact} />
          </Suspense>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('market.no_totals')} />
        )}
      </Card>
      <Table<TotalsRow>
        rowKey={(row) => `${row.team}-${row.month}`}
        size="small"
        dataSource={rows}
        loading={query.isLoading}
        pagination={false}
        data-testid="totals-table"
        summary={(data) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <strong>{t('market.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {format(data.reduce((sum, row) => sum + row.signed, 0))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              ₩{format(data.reduce((sum, row) => sum + row.signed_krw, 0))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {format(data.reduce((sum, row) => sum + row.delivered, 0))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              ₩{format(data.reduce((sum, row) => sum + row.delivered_krw, 0))}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      >
        <Table.Column<TotalsRow> dataIndex="month" title={t('market.month')} />
        <Table.Column<TotalsRow>
          dataIndex="team"
          title={t('market.team')}
          render={(value) => teamName(value)}
        />
        <Table.Column<TotalsRow>
          dataIndex="signed"
          title={t('market.signed_count')}
          align="right"
        />
        <Table.Column<TotalsRow>
          dataIndex="signed_krw"
          title={t('market.signed_krw')}
          align="right"
          render={(value) => `₩${format(value)}`}
        />
        <Table.Column<TotalsRow>
          dataIndex="delivered"
          title={t('market.delivered_count')}
          align="right"
        />
        <Table.Column<TotalsRow>
          dataIndex="delivered_krw"
          title={t('market.delivered_krw')}
          align="right"
          render={(value) => `₩${format(value)}`}
        />
      </Table>
    </Space>
  )
}

export default DealList
