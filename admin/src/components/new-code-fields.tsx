import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormRules } from '../lib/form-rules'

/** A new code (6–12 digits) and its confirmation: the personal security code, the studio's termination code. */
export function NewCodeFields({ label, confirmation }: { label: string; confirmation: string }) {
  const { t } = useTranslation()
  const rules = useFormRules()
  const input = <Input.Password inputMode="numeric" maxLength={12} autoComplete="new-password" />
  return (
    <>
      <Form.Item name="code" label={label} rules={[rules.required(label), rules.code]}>
        {input}
      </Form.Item>
      <Form.Item
        name="code_confirmation"
        label={confirmation}
        dependencies={['code']}
        rules={[
          rules.required(confirmation),
          rules.sameAs('code', t('account.security_code.mismatch')),
        ]}
      >
        {input}
      </Form.Item>
    </>
  )
}
