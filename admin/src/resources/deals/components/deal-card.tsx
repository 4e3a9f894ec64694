import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd'
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseOutlined,
  EditOutlined,
  RedoOutlined,
} from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { DEAL_STAGES, type DealStage } from '@shared/market'
import { useNumberFormat } from '../../../lib/format'
import type { Deal } from '../types'

const order = (stage: DealStage) => DEAL_STAGES.indexOf(stage as (typeof DEAL_STAGES)[number])

/** One deal on the board: brand, creator, platform and format, amount, owner; staff move it and edit it. */
export function DealCard({
  deal,
  staffSide,
  onMove,
  onEdit,
}: {
  deal: Deal
  staffSide: boolean
  onMove: (stage: DealStage) => void
  onEdit: () => void
}) {
  const { t } = useTranslation()
  const { money } = useNumberFormat()
  return (
    <Card size="small" data-testid={`deal-${deal.id}`}>
      <Space direction="vertical" size={2} style={{ width: '100%' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text strong>{deal.brand}</Typography.Text>
          <Space size={2}>
            {deal.from_company && <Tag color="cyan">{t('market.from_company')}</Tag>}
            {staffSide && (
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                onClick={onEdit}
                aria-label={t('market.edit_deal')}
              />
            )}
          </Space>
        </Space>
        {deal.creator && (
          <Link to={`/app/creator_info?id=${deal.creator.id}`}>{deal.creator.name}</Link>
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
          {deal.amount === null ? t('market.no_amount') : `${money(deal.amount)} ${deal.currency}`}
        </Typography.Text>
        {deal.owner && (
          <Typography.Text type="secondary">
            {t('market.owner')}: {deal.owner.name}
          </Typography.Text>
        )}
        {staffSide && (
          <Space size={4} wrap>
            {deal.moves.map((target) => {
              const forward = order(target) > order(deal.stage)
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
                    onClick={() => onMove(target)}
                    data-testid={`move-${deal.id}-${target}`}
                  >
                    {forward ? t(`market.stages.${target}`) : null}
                  </Button>
                </Tooltip>
              )
            })}
          </Space>
        )}
      </Space>
    </Card>
  )
}
