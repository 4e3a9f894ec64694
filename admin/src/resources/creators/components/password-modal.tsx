import { Form, Input, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { LIMITS } from '@shared/constants'
import { useCustomMutation } from '@refinedev/core'
import { fieldErrorsOf } from '../../../lib/form-errors'
import { useFormRules } from '../../../lib/form-rules'
import { NewPasswordFields } from '../../../components/new-password-fields'
import type { Creator } from '../types'
import { SecurityCodeItem, useCodeFailure } from '../../../components/security-code-modal'

interface Values {
  email?: string
  password: string
  password_confirmation: string
  security_code: string
}

/** Sets the password of the creator's own sign-in account (created on first use), behind the security code. */
export function PasswordModal({
  creator,
  open,
  onClose,
  onDone,
}: {
  creator: Creator
  open: boolean
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const rules = useFormRules()
  const { mutate, mutation } = useCustomMutation()
  const done = () => {
    form.resetFields()
    onDone()
  }
  const failure = useCodeFailure((error) => {
    const names = ['email', 'password', 'password_confirmation', 'security_code']
    const known = fieldErrorsOf(error).filter((item) => names.includes(String(item.name)))
    form.setFields(known.length ? known : [{ name: 'security_code', errors: [error.message] }])
  })
  const hasAccount = Boolean(creator.user)

  const submit = (values: Values) => {
    failure.reset()
    mutate(
      {
        url: `/api/creators/${creator.id}/account-password`,
        method: 'put',
        values: { ...values, email: values.email?.trim() || undefined },
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: done, onError: failure.show }
    )
  }

  return (
    <Modal
      open={open}
      title={t('creators.password.title')}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="password-modal"
    >
      <Typography.Paragraph type="secondary">
        {hasAccount
          ? t('creators.password.existing', { email: creator.user!.email })
          : t('creators.password.new_account')}
      </Typography.Paragraph>
      {failure.notice}
      <Form form={form} layout="vertical" onFinish={submit} style={{ marginTop: 12 }}>
        {!hasAccount && (
          <Form.Item
            name="email"
            label={t('creators.password.email')}
            extra={t('creators.password.email_help')}
            rules={[{ type: 'email', message: t('register.validation.email_invalid') }]}
          >
            <Input autoComplete="off" maxLength={LIMITS.emailMax} />
          </Form.Item>
        )}
        <NewPasswordFields
          label={t('creators.password.password')}
          confirmation={t('creators.password.confirmation')}
          required={[
            rules.required(t('creators.password.password')),
            rules.required(t('creators.password.confirmation')),
          ]}
        />
        <SecurityCodeItem />
      </Form>
    </Modal>
  )
}
