import { useState } from 'react'
import { App, Button, Card, Form, Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LIMITS } from '@shared/constants'
import { api } from '../../providers/http'
import { applyServerErrors } from '../../lib/form-errors'

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
  const [saving, setSaving] = useState(false)

  const submit = async (values: Values) => {
    setSaving(true)
    try {
      const response = await api.put('/api/user/password', values)
      form.resetFields()
      message.success(response.data?.message ?? t('people.account.password_saved'))
    } catch (error: any) {
      if (!applyServerErrors(form, error)) {
        if (error?.statusCode === 422)
          form.setFields([{ name: 'current_password', errors: [error.message] }])
        else message.error(error?.message || t('errors.request_failed'))
      }
    } finally {
      setSaving(false)
    }
  }

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
        <Form.Item
          name="password"
          label={t('people.account.new_password')}
          rules={[
            {
              required: true,
              min: LIMITS.passwordMin,
              message: t('register.validation.password_min', { min: LIMITS.passwordMin }),
            },
            { max: LIMITS.passwordMax },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('people.account.confirm_password')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('register.validation.password_mismatch') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('register.validation.password_mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('people.account.change_password')}
        </Button>
      </Form>
    </Card>
  )
}
