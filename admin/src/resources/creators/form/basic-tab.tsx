import { useMemo } from 'react'
import { useGetIdentity } from '@refinedev/core'
import {
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd'
import { LockOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import {
  CREATOR_CATEGORIES,
  CREATOR_KINDS,
  CREATOR_LIMITS,
  LIMITS,
  GENDERS,
  PLATFORMS,
  PRIVATE_LEVELS,
  TEAMS,
  type PrivateField,
  type PrivateLevel,
} from '@shared/constants'
import type { StudioUser } from '../../../providers/identity'
import type { Creator } from '../types'
import { dateItem, upperItem } from './fields'

const MAX = {
  short: CREATOR_LIMITS.nameMax,
  channel: CREATOR_LIMITS.channelNameMax,
  long: CREATOR_LIMITS.textMax,
  address: CREATOR_LIMITS.addressMax,
  url: CREATOR_LIMITS.urlMax,
  no: CREATOR_LIMITS.contractNoMax,
}

function Section({ title, extra }: { title: string; extra?: React.ReactNode }) {
  return (
    <Divider orientation="left" orientationMargin={0} style={{ marginTop: 8 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {extra}
    </Divider>
  )
}

/** The Basic tab: every creator field of the contract, grouped, with the API's rules mirrored. */
export function BasicTab({ record }: { record?: Creator }) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const { data: me } = useGetIdentity<StudioUser>()
  const exclusive = Form.useWatch('video_exclusive_china', form)
  const editing = Boolean(record)

  const label = (field: string) => t(`creators.fields.${field}`)
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('creators.validation.required', { field: label(field) }),
  })
  const max = (value: number) => ({
    max: value,
    message: t('creators.validation.max_length', { max: value }),
  })
  const url = { type: 'url' as const, message: t('creators.validation.url') }

  /** Private inputs: blank on edit, the masked value as placeholder, 'leave empty to keep'. */
  const privateProps = (field: PrivateField) => {
    const stored = record?.private?.[field]
    if (!editing) return { extra: undefined, placeholder: undefined }
    return {
      placeholder: stored?.present ? (stored.masked ?? '••••••') : t('creators.form.private_empty'),
      extra: stored?.present ? t('creators.form.private_keep') : undefined,
    }
  }
  const levelTag = (level: PrivateLevel) => (
    <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
      <LockOutlined /> {t(`creators.private.levels.${level}`)}
    </Typography.Text>
  )

  const uploaders = useMemo(() => {
    const options = new Map<number, string>()
    if (record?.uploader) options.set(record.uploader.id, record.uploader.name)
    if (me) options.set(me.id, `${me.name} (${t('creators.form.me')})`)
    return [...options].map(([value, text]) => ({ value, label: text }))
  }, [record, me, t])

  const privateInput = (field: PrivateField, rules: object[] = [], input?: React.ReactNode) => {
    const { placeholder, extra } = privateProps(field)
    return (
      <Form.Item name={field} label={label(field)} rules={rules} extra={extra}>
        {input ?? <Input placeholder={placeholder} autoComplete="off" />}
      </Form.Item>
    )
  }

  return (
    <>
      <Section title={t('creators.form.sections.identity')} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="brand_no"
            label={label('brand_no')}
            rules={[
              ...(editing ? [required('brand_no')] : []),
              max(CREATOR_LIMITS.brandNoMax),
              { pattern: /^[A-Z0-9][A-Z0-9_./-]*$/, message: t('creators.validation.brand_no') },
            ]}
            extra={editing ? undefined : t('creators.form.brand_no_help')}
            {...upperItem}
          >
            <Input placeholder={editing ? undefined : t('creators.form.generated')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="contract_no" label={label('contract_no')} rules={[max(MAX.no)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="kind"
            label={label('kind')}
            rules={[
              {
                required: true,
                message: t('creators.validation.choose', { field: label('kind') }),
              },
            ]}
          >
            <Select
              options={CREATOR_KINDS.map((kind) => ({
                value: kind,
                label: `${kind} · ${t(`enum.kind.${kind}`)}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="contractor_name"
            label={label('contractor_name')}
            rules={[required('contractor_name'), max(CREATOR_LIMITS.contractorNameMax)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="nationality"
            label={label('nationality')}
            rules={[{ pattern: /^[A-Z]{2}$/, message: t('creators.validation.nationality') }]}
            {...upperItem}
          >
            <Input maxLength={2} placeholder="KR" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="area_code"
            label={label('area_code')}
            rules={[{ pattern: /^\+?[0-9]{1,6}$/, message: t('creators.validation.area_code') }]}
          >
            <Input maxLength={7} placeholder="+82" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="gender" label={label('gender')}>
            <Select
              allowClear
              options={GENDERS.map((gender) => ({ value: gender, label: t(`enum.sex.${gender}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="company_ref"
            label={label('company_ref')}
            rules={[max(CREATOR_LIMITS.companyRefMax)]}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>

      <Section title={t('creators.form.sections.channel')} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="channel_name"
            label={label('channel_name')}
            rules={[required('channel_name'), max(MAX.channel)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="channel_name_zh"
            label={label('channel_name_zh')}
            rules={[max(MAX.channel)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="category"
            label={label('category')}
            rules={[
              {
                required: true,
                message: t('creators.validation.choose', { field: label('category') }),
              },
            ]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={CREATOR_CATEGORIES.map((category) => ({
                value: category,
                label: t(`enum.category.${category}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="channel_intro_zh"
            label={label('channel_intro_zh')}
            rules={[max(MAX.long)]}
          >
            <Input.TextArea rows={2} maxLength={MAX.long} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="youtube_channel_name"
            label={label('youtube_channel_name')}
            rules={[max(MAX.channel)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="youtube_url" label={label('youtube_url')} rules={[url, max(MAX.url)]}>
            <Input placeholder="https://www.youtube.com/@…" />
          </Form.Item>
        </Col>
      </Row>

      <Section title={t('creators.form.sections.contract')} />
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="contract_date" label={label('contract_date')} {...dateItem}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="end_date"
            label={label('end_date')}
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
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="min_monthly_videos"
            label={label('min_monthly_videos')}
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
                        t('creators.validation.at_most', {
                          max: CREATOR_LIMITS.minMonthlyVideosMax,
                        })
                      )
                    )
                  }
                  return Promise.resolve()
                },
              },
            ]}
          >
            <InputNumber style={{ width: '100%' }} step={1} data-testid="min-monthly-videos" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="has_authorization_doc"
            label={label('has_authorization_doc')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="ip_business_exclusive"
            label={label('ip_business_exclusive')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="video_exclusive_china"
            label={label('video_exclusive_china')}
            valuePropName="checked"
          >
            <Switch
              onChange={(checked) => {
                if (checked) form.setFieldValue('contracted_platforms', [])
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contracted_platforms"
            label={label('contracted_platforms')}
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
              options={PLATFORMS.map((platform) => ({
                value: platform,
                label: t(`enum.platform.${platform}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>

      <Section
        title={t('creators.form.sections.private')}
        extra={
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
            {t('creators.form.private_help')}
          </Typography.Text>
        }
      />
      <Row gutter={16}>
        <Col xs={24}>{levelTag('L1')}</Col>
        <Col xs={24} md={8}>
          {privateInput('phone', [
            { pattern: /^\+?[0-9][0-9 -]*$/, message: t('creators.validation.phone') },
            max(LIMITS.phoneMax),
          ])}
        </Col>
        <Col xs={24} md={8}>
          {privateInput('email', [
            { type: 'email', message: t('register.validation.email_invalid') },
            max(LIMITS.emailMax),
          ])}
        </Col>
        <Col xs={24} md={8}>
          {privateInput('address', [max(MAX.address)])}
        </Col>
        <Col xs={24}>{levelTag('L2')}</Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="birth_date"
            label={label('birth_date')}
            extra={privateProps('birth_date').extra}
            {...dateItem}
            rules={[
              {
                validator: (_, value?: string | null) =>
                  !value || dayjs(value).isBefore(dayjs(), 'day')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('creators.validation.birth_date'))),
              },
            ]}
          >
            <DatePicker
              style={{ width: '100%' }}
              placeholder={privateProps('birth_date').placeholder}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          {privateInput('passport_name', [max(MAX.short)])}
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="passport_no"
            label={label('passport_no')}
            extra={privateProps('passport_no').extra}
            rules={[
              { pattern: /^[A-Z0-9]+$/, message: t('creators.validation.passport_no') },
              max(CREATOR_LIMITS.passportNoMax),
            ]}
            {...upperItem}
          >
            <Input placeholder={privateProps('passport_no').placeholder} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>

      <Section title={t('creators.form.sections.settlement')} />
      <Row gutter={16}>
        {(['ad_income_ratio', 'other_income_ratio'] as const).map((field) => (
          <Col xs={12} md={6} key={field}>
            <Form.Item
              name={field}
              label={label(field)}
              dependencies={[
                field === 'ad_income_ratio' ? 'other_income_ratio' : 'ad_income_ratio',
              ]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: number | null) => {
                    if (value === null || value === undefined) return Promise.resolve()
                    if (value < 0 || value > 100 || Math.round(value * 100) !== value * 100)
                      return Promise.reject(new Error(t('creators.validation.ratio')))
                    const other = Number(
                      getFieldValue(
                        field === 'ad_income_ratio' ? 'other_income_ratio' : 'ad_income_ratio'
                      ) ?? 0
                    )
                    return value + other > 100
                      ? Promise.reject(new Error(t('creators.validation.ratio_sum')))
                      : Promise.resolve()
                  },
                }),
              ]}
            >
              <InputNumber style={{ width: '100%' }} step={0.5} addonAfter="%" />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24}>{levelTag('L3')}</Col>
        {PRIVATE_LEVELS.L3.map((field) => (
          <Col xs={24} md={8} key={field}>
            {privateInput(
              field,
              field === 'bank_account'
                ? [
                    { pattern: /^[0-9][0-9-]*$/, message: t('creators.validation.bank_account') },
                    max(CREATOR_LIMITS.bankAccountMax),
                  ]
                : [max(MAX.short)]
            )}
          </Col>
        ))}
      </Row>

      <Section title={t('creators.form.sections.team')} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="cp_team" label={label('cp_team')}>
            <Select
              allowClear
              options={TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="uploader_id"
            label={label('uploader')}
            extra={t('creators.form.uploader_help')}
          >
            <Select allowClear options={uploaders} />
          </Form.Item>
        </Col>
      </Row>

      <Section title={t('creators.form.sections.sns')} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="sns_kr" label={label('sns_kr')} rules={[url, max(MAX.url)]}>
            <Input placeholder="https://…" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sns_zh" label={label('sns_zh')} rules={[url, max(MAX.url)]}>
            <Input placeholder="https://…" />
          </Form.Item>
        </Col>
      </Row>

      <Section title={t('creators.form.sections.remark')} />
      <Form.Item name="remark" rules={[max(MAX.long)]}>
        <Input.TextArea rows={3} maxLength={MAX.long} showCount aria-label={label('remark')} />
      </Form.Item>
    </>
  )
}
