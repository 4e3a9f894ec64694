import { useMemo } from 'react'
import { useGetIdentity } from '@refinedev/core'
import { DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import {
  CREATOR_CATEGORIES,
  CREATOR_KINDS,
  CREATOR_LIMITS,
  GENDERS,
  PLATFORMS,
  TEAMS,
} from '@shared/constants'
import type { StudioUser } from '../../../providers/identity'
import type { Creator } from '../types'
import { Field, SPAN, Section, useFieldRules } from './field'
import { dateItem, upperItem } from './fields'
import { PrivateSections } from './private-sections'
import { CountrySelect } from '../../../components/country-select'

const MAX = {
  channel: CREATOR_LIMITS.channelNameMax,
  long: CREATOR_LIMITS.textMax,
  url: CREATOR_LIMITS.urlMax,
  no: CREATOR_LIMITS.contractNoMax,
}

/** The Basic tab: every creator field of the contract, grouped, with the API's rules mirrored. */
export function BasicTab({ record }: { record?: Creator }) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const { data: me } = useGetIdentity<StudioUser>()
  const exclusive = Form.useWatch('video_exclusive_china', form)
  const editing = Boolean(record)
  const { label, required, choose, max, url, pattern } = useFieldRules()

  const uploaders = useMemo(() => {
    const options = new Map<number, string>()
    if (record?.uploader) options.set(record.uploader.id, record.uploader.name)
    if (me) options.set(me.id, `${me.name} (${t('creators.form.me')})`)
    return [...options].map(([value, text]) => ({ value, label: text }))
  }, [record, me, t])
  const choices = (values: readonly string[], enumKey: string) =>
    values.map((value) => ({ value, label: t(`enum.${enumKey}.${value}`) }))
  const text = (name: string, span: object, rules: object[], input = <Input />) => (
    <Field key={name} span={span} name={name} rules={rules}>
      {input}
    </Field>
  )
  const toggle = (name: string, onChange?: (checked: boolean) => void) => (
    <Field span={SPAN.quarter} name={name} valuePropName="checked">
      <Switch onChange={onChange} />
    </Field>
  )

  return (
    <>
      <Section title={t('creators.form.sections.identity')} />
      <Row gutter={16}>
        <Field
          span={SPAN.third}
          name="brand_no"
          rules={[
            ...(editing ? [required('brand_no')] : []),
            max(CREATOR_LIMITS.brandNoMax),
            pattern(/^[A-Z0-9][A-Z0-9_./-]*$/, 'brand_no'),
          ]}
          extra={editing ? undefined : t('creators.form.brand_no_help')}
          {...upperItem}
        >
          <Input placeholder={editing ? undefined : t('creators.form.generated')} />
        </Field>
        {text('contract_no', SPAN.third, [max(MAX.no)])}
        <Field span={SPAN.third} name="kind" rules={[choose('kind')]}>
          <Select
            options={CREATOR_KINDS.map((kind) => ({
              value: kind,
              label: `${kind} · ${t(`enum.kind.${kind}`)}`,
            }))}
          />
        </Field>
        {text('contractor_name', SPAN.third, [
          required('contractor_name'),
          max(CREATOR_LIMITS.contractorNameMax),
        ])}
        <Field span={SPAN.sixth} name="nationality" rules={[pattern(/^[A-Z]{2}$/, 'nationality')]}>
          <CountrySelect placeholder="KR" />
        </Field>
        {text(
          'area_code',
          SPAN.sixth,
          [pattern(/^\+?[0-9]{1,6}$/, 'area_code')],
          <Input maxLength={7} placeholder="+82" />
        )}
        {text('gender', SPAN.sixth, [], <Select allowClear options={choices(GENDERS, 'sex')} />)}
        {text('company_ref', SPAN.sixth, [max(CREATOR_LIMITS.companyRefMax)])}
      </Row>

      <Section title={t('creators.form.sections.channel')} />
      <Row gutter={16}>
        {text('channel_name', SPAN.third, [required('channel_name'), max(MAX.channel)])}
        {text('channel_name_zh', SPAN.third, [max(MAX.channel)])}
        {text(
          'category',
          SPAN.third,
          [choose('category')],
          <Select
            showSearch
            optionFilterProp="label"
            options={choices(CREATOR_CATEGORIES, 'category')}
          />
        )}
        {text(
          'channel_intro_zh',
          SPAN.full,
          [max(MAX.long)],
          <Input.TextArea rows={2} maxLength={MAX.long} showCount />
        )}
        {text('youtube_channel_name', SPAN.third, [max(MAX.channel)])}
        {text(
          'youtube_url',
          SPAN.twoThirds,
          [url, max(MAX.url)],
          <Input placeholder="https://www.youtube.com/@…" />
        )}
      </Row>

      <Section title={t('creators.form.sections.contract')} />
      <Row gutter={16}>
        <Field span={SPAN.quarter} name="contract_date" {...dateItem}>
          <DatePicker style={{ width: '100%' }} />
        </Field>
        <Field
          span={SPAN.quarter}
          name="end_date"
          dependencies={['contract_date']}
          {...dateItem}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value?: string | null) => {
                const start = getFieldValue('contract_date') as string | null
                return !value || !start || value >= start
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('creators.validation.end_date')))
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Field>
        <Field
          span={SPAN.quarter}
          name="min_monthly_videos"
          rules={[
            {
              required: true,
              message: t('creators.validation.required', { field: label('min_monthly_videos') }),
            },
            {
              validator: (_, value?: number | null) => {
                if (value === null || value === undefined) return Promise.resolve()
                if (value < 0)
                  return Promise.reject(new Error(t('creators.validation.min_monthly_videos')))
                if (!Number.isInteger(value))
                  return Promise.reject(new Error(t('creators.validation.integer')))
                if (value > CREATOR_LIMITS.minMonthlyVideosMax) {
                  return Promise.reject(
                    new Error(
                      t('creators.validation.at_most', { max: CREATOR_LIMITS.minMonthlyVideosMax })
                    )
                  )
                }
                return Promise.resolve()
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} step={1} data-testid="min-monthly-videos" />
        </Field>
        {toggle('has_authorization_doc')}
        {toggle('ip_business_exclusive')}
        {toggle('video_exclusive_china', (checked) => {
          if (checked) form.setFieldValue('contracted_platforms', [])
        })}
        <Field
          span={SPAN.half}
          name="contracted_platforms"
          dependencies={['video_exclusive_china']}
          extra={
            exclusive
              ? t('creators.form.contracted_platforms_exclusive')
              : t('creators.form.contracted_platforms_help')
          }
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value?: string[]) =>
                getFieldValue('video_exclusive_china') && value?.length
                  ? Promise.reject(new Error(t('creators.validation.contracted_platforms')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            disabled={Boolean(exclusive)}
            options={choices(PLATFORMS, 'platform')}
          />
        </Field>
      </Row>

      <PrivateSections record={record} />

      <Section title={t('creators.form.sections.team')} />
      <Row gutter={16}>
        {text('cp_team', SPAN.third, [], <Select allowClear options={choices(TEAMS, 'team')} />)}
        <Field
          span={SPAN.third}
          name="uploader_id"
          label={label('uploader')}
          extra={t('creators.form.uploader_help')}
        >
          <Select allowClear options={uploaders} />
        </Field>
      </Row>

      <Section title={t('creators.form.sections.sns')} />
      <Row gutter={16}>
        {(['sns_kr', 'sns_zh'] as const).map((name) =>
          text(name, SPAN.half, [url, max(MAX.url)], <Input placeholder="https://…" />)
        )}
      </Row>

      <Section title={t('creators.form.sections.remark')} />
      <Form.Item name="remark" rules={[max(MAX.long)]}>
        <Input.TextArea rows={3} maxLength={MAX.long} showCount aria-label={label('remark')} />
      </Form.Item>
    </>
  )
}
