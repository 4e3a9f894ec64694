import { useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  type FormRule,
  Input,
  Segmented,
  Select,
  Typography,
} from 'antd'
import { useTranslation } from 'react-i18next'
import {
  ACCOUNT_TYPES,
  LIMITS,
  PHONE_PATTERN,
  REGISTER_CODE_PATTERN,
  SEXES,
  type AccountType,
} from '@shared/constants'
import { useCustom, useCustomMutation } from '@refinedev/core'
import { applyServerErrors } from '../../lib/form-errors'
import { NewPasswordFields } from '../../components/new-password-fields'
import { useClientInfo } from '../../lib/client-info'
import { PublicShell } from '../../components/public-shell'
import { PublicResult } from '../../components/public-result'
import { usePageTitle } from '../../components/page-title'

interface Group {
  id: number
  key: string
  name: string
}

/**
 * The register screen (SPEC §2): creator, company and staff accounts. Staff
 * give their team and the register code (all capitals); every account waits
 * for an admin's approval.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation()
  usePageTitle(t('register.title'), false)
  const [params, setParams] = useSearchParams()
  const client = useClientInfo()
  const type: AccountType = (ACCOUNT_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as AccountType)
    : 'staff'
  const [form] = Form.useForm()
  const { modal } = App.useApp()
  const [done, setDone] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const { query: groupsQuery } = useCustom<{ user_group?: Group[] }>({
    url: '/api/resource',
    method: 'get',
    config: {
      query: { key: 'group' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    queryOptions: { retry: false },
    errorNotification: false,
  })
  const groups = useMemo(() => groupsQuery.data?.data?.user_group ?? [], [groupsQuery.data])
  const groupsFailed = groupsQuery.isError
  const { mutate: register, mutation } = useCustomMutation()
  const submitting = mutation.isPending

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('register.validation.required', { field: t(`register.fields.${field}`) }),
  })
  const field = (
    name: string,
    rules: FormRule[],
    input: React.ReactNode,
    label: string = t(`register.fields.${name}`)
  ) => (
    <Form.Item name={name} label={label} rules={rules}>
      {input}
    </Form.Item>
  )
  const sexRequired = i18n.language === 'zh'

  const teamOptions = useMemo(
    () =>
      groups.map((group) => ({
        value: group.key,
        label: t(`enum.team.${group.key}`, { defaultValue: group.name }),
      })),
    [groups, t]
  )

  const onFinish = (values: Record<string, unknown>) => {
    setFormError(null)
    const body = new URLSearchParams()
    body.set('account_type', type)
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined || value === null || value === '') continue
      body.set(key, key === 'terms' ? (value ? '1' : '') : String(value))
    }
    register(
      {
        url: '/api/user/register',
        method: 'post',
        values: body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          if (!applyServerErrors(form, error))
            setFormError(error?.message ?? t('errors.request_failed'))
        },
      }
    )
  }

  if (client && !client.sign_up) {
    return (
      <PublicResult
        status="info"
        title={t('register.not_support')}
        subTitle={t('register.not_support_body')}
        extra={<Link to="/login">{t('register.back_to_login')}</Link>}
      />
    )
  }

  if (done) {
    return (
      <PublicResult
        status="success"
        title={t('register.success_title')}
        subTitle={t('register.success_body')}
        action={{ to: '/login', label: t('register.back_to_login') }}
      />
    )
  }

  return (
    <PublicShell>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('register.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('register.intro')}</Typography.Paragraph>
        <Segmented
          block
          value={type}
          onChange={(value) => {
            setParams({ type: String(value) }, { replace: true })
            form.resetFields()
          }}
          options={(['creator', 'company', 'staff'] as const).map((item) => ({
            value: item,
            label: t(`register.types.${item}`),
          }))}
          style={{ marginBottom: 8 }}
        />
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {t(`register.type_help.${type}`)}
        </Typography.Paragraph>
        {groupsFailed && (
          <Alert
            type="warning"
            showIcon
            message={t('register.groups_failed')}
            style={{ marginBottom: 12 }}
          />
        )}
        {formError && (
          <Alert type="error" showIcon message={formError} style={{ marginBottom: 12 }} />
        )}

        <Form
          form={form}
          layout="vertical"
          requiredMark
          onFinish={onFinish}
          validateTrigger={['onChange', 'onBlur']}
          key={type}
        >
          {type === 'company' &&
            field(
              'company_name',
              [required('company_name'), { max: 150 }],
              <Input autoComplete="organization" />
            )}
          {field(
            'name',
            [required('name'), { max: LIMITS.nameMax }],
            <Input autoComplete="name" />,
            t(type === 'company' ? 'register.fields.contact_name' : 'register.fields.name')
          )}
          {type === 'creator' &&
            field('channel_name', [required('channel_name'), { max: 150 }], <Input />)}
          {type === 'staff' && (
            <Form.Item
              name="team"
              label={t('register.fields.team')}
              rules={[{ required: true, message: t('register.validation.team') }]}
            >
              <Select
                options={teamOptions}
                loading={!groups.length && !groupsFailed}
                showSearch
                optionFilterProp="label"
                data-testid="team-select"
              />
            </Form.Item>
          )}
          {type === 'staff' && (
            <Form.Item
              name="sex"
              label={t('register.fields.sex')}
              rules={sexRequired ? [{ required: true, message: t('register.validation.sex') }] : []}
            >
              <Select
                allowClear
                options={SEXES.map((sex) => ({ value: sex, label: t(`enum.sex.${sex}`) }))}
              />
            </Form.Item>
          )}
          {field(
            'email',
            [
              required('email'),
              { type: 'email', message: t('register.validation.email_invalid') },
              { max: LIMITS.emailMax },
            ],
            <Input autoComplete="email" inputMode="email" />
          )}
          {field(
            'phone',
            [
              required('phone'),
              { pattern: PHONE_PATTERN, message: t('register.validation.phone_digits') },
              { max: LIMITS.phoneMax },
            ],
            <Input
              inputMode="numeric"
              autoComplete="tel"
              placeholder={t('register.placeholders.phone')}
            />
          )}
          {type === 'staff' &&
            field(
              'register_code',
              [
                required('register_code'),
                {
                  pattern: REGISTER_CODE_PATTERN,
                  message: t('register.validation.register_code_caps'),
                },
                { max: LIMITS.registerCodeMax },
              ],
              <Input placeholder={t('register.placeholders.register_code')} autoComplete="off" />
            )}
          <NewPasswordFields
            label={t('register.fields.password')}
            confirmation={t('register.fields.password_confirmation')}
            required={[required('password'), required('password_confirmation')]}
            hasFeedback
          />
          <Form.Item
            name="terms"
            valuePropName="checked"
            rules={[
              {
                validator: (_, value) =>
                  value
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('register.validation.terms'))),
              },
            ]}
          >
            <Checkbox>
              {t('register.fields.terms')}{' '}
              <Typography.Link
                onClick={(event) => {
                  event.preventDefault()
                  modal.info({
                    title: t('register.terms_title'),
                    content: t('register.terms_text'),
                  })
                }}
              >
                ({t('register.view_terms')})
              </Typography.Link>
            </Checkbox>
          </Form.Item>
          <Alert type="info" showIcon message={t('register.note')} style={{ marginBottom: 16 }} />
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={submitting}
            disabled={submitting}
          >
            {t('register.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
          {t('register.have_account')} <Link to="/login">{t('register.back_to_login')}</Link>
        </Typography.Paragraph>
      </Card>
    </PublicShell>
  )
}

export default RegisterPage
