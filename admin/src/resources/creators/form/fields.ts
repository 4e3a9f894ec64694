import dayjs, { type Dayjs } from 'dayjs'
import type { FormItemProps } from 'antd'

/** Dates live in the form as 'YYYY-MM-DD' strings (what the API reads and answers); pickers see dayjs. */
export const dateItem: Pick<FormItemProps, 'getValueProps' | 'normalize'> = {
  getValueProps: (value?: string | null) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value?: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
}

/** Upper-cases as the user types (nationality, passport number). */
export const upperItem: Pick<FormItemProps, 'normalize'> = {
  normalize: (value?: string) => (typeof value === 'string' ? value.toUpperCase() : value),
}
