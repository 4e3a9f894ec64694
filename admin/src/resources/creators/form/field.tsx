import { Col, Divider, Form, Typography, type ColProps, type FormItemProps } from 'antd'
import { useTranslation } from 'react-i18next'

/** The grid cells of the creator form. */
export const SPAN = {
  full: { xs: 24 },
  half: { xs: 24, md: 12 },
  third: { xs: 24, md: 8 },
  twoThirds: { xs: 24, md: 16 },
  quarter: { xs: 12, md: 6 },
  sixth: { xs: 12, md: 4 },
} satisfies Record<string, ColProps>

/** One field of the creator form in its grid cell, labelled `creators.fields.<name>` unless told. */
export function Field({ span, label, ...item }: FormItemProps & { span: ColProps }) {
  const { t } = useTranslation()
  return (
    <Col {...span}>
      <Form.Item
        label={
          label ?? (typeof item.name === 'string' ? t(`creators.fields.${item.name}`) : undefined)
        }
        {...item}
      />
    </Col>
  )
}

/** A titled divider between the groups of fields. */
export function Section({ title, extra }: { title: string; extra?: React.ReactNode }) {
  return (
    <Divider orientation="left" orientationMargin={0} style={{ marginTop: 8 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {extra}
    </Divider>
  )
}

/** The labels and rules the creator form's fields share, in the reader's language. */
export function useFieldRules() {
  const { t } = useTranslation()
  const label = (field: string) => t(`creators.fields.${field}`)
  return {
    label,
    required: (field: string) => ({
      required: true,
      whitespace: true,
      message: t('creators.validation.required', { field: label(field) }),
    }),
    choose: (field: string) => ({
      required: true,
      message: t('creators.validation.choose', { field: label(field) }),
    }),
    max: (value: number) => ({
      max: value,
      message: t('creators.validation.max_length', { max: value }),
    }),
    url: { type: 'url' as const, message: t('creators.validation.url') },
    pattern: (pattern: RegExp, key: string) => ({
      pattern,
      message: t(`creators.validation.${key}`),
    }),
  }
}
