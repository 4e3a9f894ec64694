import { Form, Input, type FormRule } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormRules } from '../lib/form-rules'

/**
 * A new password and its confirmation (account, registration, a creator's
 * sign-in); `required` holds each field's own 'required' rule.
 */
export function NewPasswordFields({
  label,
  confirmation,
  required,
  hasFeedback,
}: {
  label: string
  confirmation: string
  required: [FormRule, FormRule]
  hasFeedback?: boolean
}) {
  const { t } = useTranslation()
  const rules = useFormRules()
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[required[0], ...rules.passwordLength]}
        hasFeedback={hasFeedback}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={confirmation}
        dependencies={['password']}
        hasFeedback={hasFeedback}
        rules={[required[1], rules.sameAs('password', t('register.validation.password_mismatch'))]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  )
}
