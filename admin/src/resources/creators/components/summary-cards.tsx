import { Card, Col, Row, Statistic } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CreatorSummary } from '../types'
import { useNumberFormat } from '../../../lib/format'

export type SummaryKey =
  'total' | 'CR' | 'IP' | 'CH' | 'accounts' | 'new' | 'failing' | 'terminated'

const CARDS: { key: SummaryKey; color?: string }[] = [
  { key: 'total' },
  { key: 'CR', color: '#3b5bdb' },
  { key: 'IP', color: '#7048e8' },
  { key: 'CH', color: '#0c8599' },
  { key: 'accounts' },
  { key: 'new', color: '#2f9e44' },
  { key: 'failing', color: '#e03131' },
  { key: 'terminated', color: '#868e96' },
]

/**
 * The counts above the creator list (GET /api/creators/summary). A card
 * that maps to a filter applies it when clicked.
 */
export function SummaryCards({
  summary,
  loading,
  active,
  onPick,
}: {
  summary: CreatorSummary | undefined
  loading: boolean
  active: Partial<Record<SummaryKey, boolean>>
  onPick: (key: SummaryKey) => void
}) {
  const { t } = useTranslation()
  const { format } = useNumberFormat()
  return (
    <Row gutter={[12, 12]} data-testid="creator-summary">
      {CARDS.map(({ key, color }) => {
        const clickable = key !== 'accounts'
        return (
          <Col key={key} xs={12} sm={8} md={6} xl={3}>
            <Card
              size="small"
              loading={loading}
              hoverable={clickable}
              onClick={clickable ? () => onPick(key) : undefined}
              style={{
                height: '100%',
                borderColor: active[key] ? (color ?? '#3b5bdb') : undefined,
              }}
              data-testid={`summary-${key}`}
            >
              <Statistic
                title={t(`creators.summary.${key}`)}
                value={summary?.[key] ?? 0}
                formatter={(value) => format(Number(value))}
                valueStyle={{ color, fontSize: 22 }}
              />
            </Card>
          </Col>
        )
      })}
    </Row>
  )
}
