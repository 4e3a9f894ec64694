import { useTranslation } from 'react-i18next'
import { Chart, type ChartDatum } from '../../../components/charts'
import { useDashboardFormat } from '../../../lib/format'

/** The dashboards' bars, one per platform: full numbers in the tooltip, compact on the bars. */
export function PlatformBars({
  data,
  name,
  color,
  testId,
}: {
  data: ChartDatum[]
  name: string
  color?: string
  testId: string
}) {
  const { t } = useTranslation()
  const f = useDashboardFormat()
  return (
    <Chart
      kind="bar"
      dense
      data={data}
      name={name}
      color={color}
      testId={testId}
      formatValue={f.format}
      formatAxis={f.axis}
      formatLabel={f.compact}
      empty={t('dashboard.empty.title')}
    />
  )
}
