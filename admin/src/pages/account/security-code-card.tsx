import { useCustom } from '@refinedev/core'
import { App, Button, Card, Form, Input, Tag, Typography } from 'antd'
import { SafetyOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LIMITS } from '@shared/constants'
import { NewCodeFields } from '../../components/new-code-fields'
import { useFormRules } from '../../lib/form-rules'
import { useCustomForm } from '../../lib/use-custom-form'

interface Values {
  current_password: string
  code: string
  code_confirmation: string
}

/**
 * The personal security code (6–12 digits) that reveals creators' private
 * data and confirms changes to creators: set or change it with the account
 * password (PUT /api/user/security-code).
 */
export function SecurityCodeCard() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const rules = useFormRules()
  const { query } = useCustom<{ configured: boolean }>({
    url: '/api/user/security-code',
    method: 'get',
    errorNotification: false,
  })
  const configured = query.data?.data?.configured
  const { submit, saving } = useCustomForm<Values>({
    url: '/api/user/security-code',
    form,
    fallbackField: 'current_password',
    onSuccess: () => {
      form.resetFields()
      message.success(t('account.security_code.saved'))
      void query.refetch()
    },
  })

  return (
    <Card
      title={
        <span>
          <SafetyOutlined /> {t('account.security_code.title')}
        </span>
      }
      extra={
        configured === undefined ? null : (
          <Tag color={configured ? 'green' : 'orange'} data-testid="security-code-status">
            {t(
              configured
                ? 'account.security_code.configured'
                : 'account.security_code.not_configured'
            )}
          </Tag>
        )
      }
      data-testid="security-code-card"
    >
      <Typography.Paragraph type="secondary">
        {t('account.security_code.help')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item
          name="current_password"
          label={t('account.security_code.current_password')}
          rules={[
            rules.required(t('account.security_code.current_password')),
            { max: LIMITS.passwordMax },
          ]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewCodeFields
          label={t('account.security_code.code')}
          confirmation={t('account.security_code.confirmation')}
        />
        <Button type="primary" htmlType="submit" loading={saving} data-testid="security-code-save">
          {t(configured ? 'account.security_code.change' : 'account.security_code.save')}
        </Button>
      </Form>
    </Card>
  )
}
