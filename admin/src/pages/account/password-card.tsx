import { App, Button, Card, Form, Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LIMITS } from '@shared/constants'
import { NewPasswordFields } from '../../components/new-password-fields'
import { useCustomForm } from '../../lib/use-custom-form'

interface Values {
  current_password: string
  password: string
  password_confirmation: string
}

/** PUT /api/user/password: the current password first; other sessions are signed out. */
export function PasswordCard() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { submit, saving } = useCustomForm<Values, { message?: string }>({
    url: '/api/user/password',
    form,
    fallbackField: 'current_password',
    fallbackOn: [422],
    onSuccess: (data) => {
      form.resetFields()
      message.success(data?.message ?? t('people.account.password_saved'))
    },
  })

  return (
    <Card
      title={
        <span>
          <LockOutlined /> {t('people.account.password_title')}
        </span>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="password-form">
        <Form.Item
          name="current_password"
          label={t('people.account.current_password')}
          rules={[{ required: true, message: t('people.account.current_password_required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          label={t('people.account.new_password')}
          confirmation={t('people.account.confirm_password')}
          required={[
            {
              required: true,
              message: t('register.validation.password_min', { min: LIMITS.passwordMin }),
            },
            { required: true, message: t('register.validation.password_mismatch') },
          ]}
        />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('people.account.change_password')}
        </Button>
      </Form>
    </Card>
  )
}
