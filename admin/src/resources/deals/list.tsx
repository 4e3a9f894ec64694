import { useState } from 'react'
import { useCan, useCustomMutation, useList } from '@refinedev/core'
import { Button, Card, Col, Empty, Input, Row, Select, Space, Tabs, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { TEAMS } from '@shared/constants'
import { DEAL_STAGES_ALL, type DealStage } from '@shared/market'
import { useSaveFeedback } from '../../lib/feedback'
import { useNumberFormat } from '../../lib/format'
import { useModalForms } from '../../lib/use-modal-forms'
import { DealCard } from './components/deal-card'
import { DealForm, type DealValues } from './components/deal-form'
import { OffersTable } from './components/offers-table'
import { TotalsTab } from './components/totals-tab'
import type { Deal } from './types'

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
                { key: 'offers', label: t('market.tabs.offers'), children: <OffersTable /> },
                { key: 'totals', label: t('market.tabs.totals'), children: <TotalsTab /> },
              ]
            : []),
        ]}
      />
    </Card>
  )
}

/** The deals in one column per stage; staff move them a stage on (or back, or lost). */
function DealBoard({ staffSide }: { staffSide: boolean }) {
  const { t } = useTranslation()
  const { format } = useNumberFormat()
  const [q, setQ] = useState('')
  const [team, setTeam] = useState<string>()
  const { result, query } = useList<Deal>({
    resource: 'market/deals',
    pagination: { currentPage: 1, pageSize: 500 },
    filters: [
      { field: 'q', operator: 'eq', value: q || undefined },
      { field: 'team', operator: 'eq', value: team },
    ],
  })
  const deals = result?.data ?? []
  const { create, edit } = useModalForms<Deal, DealValues>('market/deals', t('market.saved'))
  const { mutate: moveStage } = useCustomMutation()
  const feedback = useSaveFeedback()

  const move = (deal: Deal, stage: DealStage) =>
    moveStage(
      {
        url: `/api/market/deals/${deal.id}/stage`,
        method: 'post',
        values: { stage },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          feedback.succeeded(
            t('market.moved', { brand: deal.brand, stage: t(`market.stages.${stage}`) })
          )
          void query.refetch()
        },
        onError: feedback.failed,
      }
    )

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
          onClick={() => create.show()}
          data-testid="deal-new"
        >
          {staffSide ? t('market.new_deal') : t('market.new_enquiry')}
        </Button>
      </Space>
      <Row gutter={12} wrap={false} style={{ overflowX: 'auto' }} data-testid="deal-board">
        {DEAL_STAGES_ALL.map((stage) => {
          const items = deals.filter((deal) => deal.stage === stage)
          const total = items.reduce((sum, deal) => sum + (deal.amount_krw ?? 0), 0)
          return (
            <Col key={stage} flex="1 1 180px" style={{ minWidth: 180 }}>
              <Card
                size="small"
                title={
                  <Space>
                    <Tag color={STAGE_COLORS[stage]}>{t(`market.stages.${stage}`)}</Tag>
                    <span>{items.length}</span>
                  </Space>
                }
                extra={
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                    ₩{format(total)}
                  </Typography.Text>
                }
                styles={{ body: { background: '#fafafa', minHeight: 240, padding: 8 } }}
                data-testid={`deal-column-${stage}`}
              >
                {items.length === 0 && (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('market.no_deals')} />
                )}
                <Space direction="vertical" style={{ width: '100%' }}>
                  {items.map((deal) => (
                    <DealCard
                      key={deal.id}
                      deal={deal}
                      staffSide={staffSide}
                      onMove={(target) => move(deal, target)}
                      onEdit={() => edit.showRecord(deal)}
                    />
                  ))}
                </Space>
              </Card>
            </Col>
          )
        })}
      </Row>
      <DealForm
        modal={create}
        staffSide={staffSide}
        title={staffSide ? t('market.new_deal') : t('market.new_enquiry')}
      />
      <DealForm modal={edit} staffSide={staffSide} title={t('market.edit_deal')} />
    </Space>
  )
}

export default DealList
