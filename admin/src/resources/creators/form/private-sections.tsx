import { Col, DatePicker, Input, InputNumber, Row, Typography } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import {
  CREATOR_LIMITS,
  LIMITS,
  PRIVATE_LEVELS,
  type PrivateField,
  type PrivateLevel,
} from '@shared/constants'
import type { Creator } from '../types'
import { Field, SPAN, Section, useFieldRules } from './field'
import { dateItem, upperItem } from './fields'

const RATIOS = ['ad_income_ratio', 'other_income_ratio'] as const
const otherRatio = (field: (typeof RATIOS)[number]) =>
  field === 'ad_income_ratio' ? 'other_income_ratio' : 'ad_income_ratio'

/**
 * The private data (contact L1, identity L2, bank L3) and the settlement
 * ratios. Private inputs stay blank on edit, with the masked value as their
 * placeholder: empty means 'keep'.
 */
export function PrivateSections({ record }: { record?: Creator }) {
  const { t } = useTranslation()
  const { max, pattern } = useFieldRules()
  const editing = Boolean(record)

  const privateProps = (field: PrivateField) => {
    const stored = record?.private?.[field]
    if (!editing) return { extra: undefined, placeholder: undefined }
    return {
      placeholder: stored?.present ? (stored.masked ?? '••••••') : t('creators.form.private_empty'),
      extra: stored?.present ? t('creators.form.private_keep') : undefined,
    }
  }
  const levelTag = (level: PrivateLevel) => (
    <Col xs={24}>
      <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
        <LockOutlined /> {t(`creators.private.levels.${level}`)}
      </Typography.Text>
    </Col>
  )
  const privateInput = (field: PrivateField, rules: object[], item: object = {}) => {
    const { placeholder, extra } = privateProps(field)
    const input =
      field === 'birth_date' ? (
        <DatePicker style={{ width: '100%' }} placeholder={placeholder} />
      ) : (
        <Input placeholder={placeholder} autoComplete="off" />
      )
    return (
      <Field key={field} span={SPAN.third} name={field} rules={rules} extra={extra} {...item}>
        {input}
      </Field>
    )
  }

  return (
    <>
      <Section
        title={t('creators.form.sections.private')}
        extra={
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
            {t('creators.form.private_help')}
          </Typography.Text>
        }
      />
      <Row gutter={16}>
        {levelTag('L1')}
        {privateInput('phone', [pattern(/^\+?[0-9][0-9 -]*$/, 'phone'), max(LIMITS.phoneMax)])}
        {privateInput('email', [
          { type: 'email', message: t('register.validation.email_invalid') },
          max(LIMITS.emailMax),
        ])}
        {privateInput('address', [max(CREATOR_LIMITS.addressMax)])}
        {levelTag('L2')}
        {privateInput(
          'birth_date',
          [
            {
              validator: (_: unknown, value?: string | null) =>
                !value || dayjs(value).isBefore(dayjs(), 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('creators.validation.birth_date'))),
            },
          ],
          dateItem
        )}
        {privateInput('passport_name', [max(CREATOR_LIMITS.nameMax)])}
        {privateInput(
          'passport_no',
          [pattern(/^[A-Z0-9]+$/, 'passport_no'), max(CREATOR_LIMITS.passportNoMax)],
          upperItem
        )}
      </Row>

      <Section title={t('creators.form.sections.settlement')} />
      <Row gutter={16}>
        {RATIOS.map((field) => (
          <Field
            key={field}
            span={SPAN.quarter}
            name={field}
            dependencies={[otherRatio(field)]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value?: number | null) => {
                  if (value === null || value === undefined) return Promise.resolve()
                  if (value < 0 || value > 100 || Math.round(value * 100) !== value * 100)
                    return Promise.reject(new Error(t('creators.validation.ratio')))
                  const other = Number(getFieldValue(otherRatio(field)) ?? 0)
                  return value + other > 100
                    ? Promise.reject(new Error(t('creators.validation.ratio_sum')))
                    : Promise.resolve()
                },
              }),
            ]}
          >
            <InputNumber style={{ width: '100%' }} step={0.5} addonAfter="%" />
          </Field>
        ))}
        {levelTag('L3')}
        {PRIVATE_LEVELS.L3.map((field) =>
          privateInput(
            field,
            field === 'bank_account'
              ? [pattern(/^[0-9][0-9-]*$/, 'bank_account'), max(CREATOR_LIMITS.bankAccountMax)]
              : [max(CREATOR_LIMITS.nameMax)]
          )
        )}
      </Row>
    </>
  )
}
