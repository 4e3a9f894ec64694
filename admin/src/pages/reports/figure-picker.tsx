import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ReportColumn } from './types'

/** Which figure the charts draw. */
export function FigurePicker({
  columns,
  value,
  onChange,
}: {
  columns: ReportColumn[]
  value: ReportColumn
  onChange: (value: ReportColumn) => void
}) {
  const { t } = useTranslation()
  return (
    <Segmented<ReportColumn>
      value={columns.includes(value) ? value : columns[0]}
      onChange={onChange}
      options={columns.map((column) => ({ value: column, label: t(`reports.columns.${column}`) }))}
      data-testid="report-figure"
    />
  )
}

/** The chart value of a figure (money is decimal text). */
export const chartValue = (value: number | string | undefined) => Number(value ?? 0)
