import { useMemo } from 'react'
import { Tag, type TableColumnType } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNumberFormat } from '../../lib/format'
import { nowrap } from '../../lib/table'
import type { Settlement } from './types'

const STATUS_COLOR = { draft: 'default', confirmed: 'blue', paid: 'green' } as const

/** A statement's status as a coloured tag. */
export function StatusTag({ status }: { status: Settlement['status'] }) {
  const { t } = useTranslation()
  return <Tag color={STATUS_COLOR[status]}>{t(`settlement.statuses.${status}`)}</Tag>
}

/** The won figures of a statement a list can show. */
export type WonFigure =
  | 'platform_total_krw'
  | 'china_tax_krw'
  | 'monthly_revenue_krw'
  | 'carry_over_krw'
  | 'settled_krw'
  | 'carried_forward_krw'

type Column = TableColumnType<Settlement>

/**
 * The columns the lists of statements share (the settlement screen, a
 * creator's page, a creator account's Report): month, status and won
 * figures, titled as the figures are unless a screen names them otherwise.
 */
export function useStatementColumns() {
  const { t } = useTranslation()
  const { money } = useNumberFormat()
  return useMemo(() => {
    const won = (value: string | undefined) => (value === undefined ? '—' : `₩${money(value)}`)
    return {
      won,
      month: (title: string): Column => ({ key: 'month', dataIndex: 'month', title }),
      status: (title: string = t('settlement.fields.status')): Column => ({
        key: 'status',
        dataIndex: 'status',
        title,
        render: (status: Settlement['status']) => <StatusTag status={status} />,
      }),
      figure: (key: WonFigure, title: string = t(`settlement.figures.${key}`)): Column => ({
        key,
        dataIndex: key,
        title,
        align: 'right',
        onCell: nowrap,
        render: won,
      }),
    }
  }, [t, money])
}

/** A row of a list of statements opens that statement. */
export const opensStatement = (open: (id: number) => void) => (row: Settlement) => ({
  onClick: () => open(row.id),
  style: { cursor: 'pointer' },
})
