import { Segmented } from 'antd'

/** A small switch between a few values, each with its label. */
export function Choice<T extends string>({
  value,
  onChange,
  values,
  label,
  testId,
}: {
  value: T
  onChange: (value: T) => void
  values: readonly T[]
  label: (value: T) => React.ReactNode
  testId?: string
}) {
  return (
    <Segmented<T>
      size="small"
      value={value}
      onChange={onChange}
      options={values.map((key) => ({ value: key, label: label(key) }))}
      data-testid={testId}
    />
  )
}
