import { DatePicker } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { DAY } from '../lib/dates'

/** A range of days up to today, as YYYY-MM-DD strings. */
export function DayRangePicker({
  value,
  onChange,
  testId,
}: {
  value: readonly [string, string] | null
  onChange: (range: [string, string]) => void
  testId?: string
}) {
  const { t } = useTranslation()
  return (
    <DatePicker.RangePicker
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      allowClear={false}
      disabledDate={(day) => day.isAfter(dayjs(), 'day')}
      onChange={(range) =>
        range?.[0] && range[1] && onChange([range[0].format(DAY), range[1].format(DAY)])
      }
      aria-label={t('creator_data.range')}
      data-testid={testId}
    />
  )
}
