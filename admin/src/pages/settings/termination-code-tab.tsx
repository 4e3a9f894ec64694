import { useState } from 'react'
import { useCustom } from '@refinedev/core'
import { Alert, App, Button, Form, Input, Space, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { NewCodeFields } from '../../components/new-code-fields'
import { useFormRules } from '../../lib/form-rules'
import { useCustomForm } from '../../lib/use-custom-form'

interface Values {
  code: string
  code_confirmation: string
  security_code: string
}

interface Status {
  configured: boolean
  updated_at: string | null
}

/** The studio's termination (unregister) code that contract termination asks for — admins only. */
export function TerminationCodeTab() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const rules = useFormRules()
  const [missing, setMissing] = useState<string | null>(null)
  const { query } = useCustom<Status>({ url: '/api/settings/termination-code', method: 'get' })
  const status = query.data?.data
  const { submit: send, saving } = useCustomForm<Values>({
    url: '/api/settings/termination-code',
    form,
    fallbackField: 'security_code',
    onSuccess: () => {
      form.resetFields()
      message.success(t('settings.termination.saved'))
      void query.refetch()
    },
    onError: (error) => {
      if (error.statusCode !== 409) return false
      setMissing(error.message)
      return true
    },
  })
  const submit = (values: Values) => {
    setMissing(null)
    send(values)
  }

  return (
    <Space direction="vertical" size="middle" style={{ maxWidth: 520, width: '100%' }}>
      <Alert type="info" showIcon message={t('settings.termination.help')} />
      <Typography.Text data-testid="termination-status">
        {query.isLoading ? (
          '…'
        ) : status?.configured ? (
          <>
            <Tag color="green">{t('settings.termination.configured')}</Tag>{' '}
            {status.updated_at
              ? t('settings.termination.updated_at', {
                  date: dayjs(status.updated_at).format('YYYY-MM-DD HH:mm'),
                })
              : null}
          </>
        ) : (
          <Tag color="orange">{t('settings.termination.not_configured')}</Tag>
        )}
      </Typography.Text>
      {missing !== null && (
        <Alert
          type="warning"
          showIcon
          message={missing || t('creators.security.missing')}
          description={<Link to="/app/account">{t('creators.security.go_to_account')}</Link>}
        />
      )}
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <NewCodeFields
          label={t('settings.termination.code')}
          confirmation={t('settings.termination.confirmation')}
        />
        <Form.Item
          name="security_code"
          label={t('creators.security.code')}
          extra={t('settings.termination.security_code_help')}
          rules={[{ required: true, message: t('creators.security.code_required') }, rules.code]}
        >
          <Input.Password inputMode="numeric" maxLength={12} autoComplete="one-time-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="termination-save">
          {t(status?.configured ? 'settings.termination.change' : 'settings.termination.set')}
        </Button>
      </Form>
    </Space>
  )
}
