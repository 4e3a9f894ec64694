import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Alert, Form, Input, Modal, Typography } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { SECURITY_CODE_PATTERN } from '@shared/constants'
import type { HttpError } from '@refinedev/core'
import { errorFieldsOf, fieldMessageOf } from '../lib/form-errors'

/** Whether a failed call was about the security code itself (wrong, missing, too many tries). */
export function isCodeFailure(error: HttpError, fields: string[] = ['security_code', 'code']) {
  if (error.statusCode === 409 || error.statusCode === 429) return true
  if (error.statusCode !== 422) return false
  const named = errorFieldsOf(error)
  return named.length === 0 || named.some((field) => fields.includes(field))
}

/** 409: the user has not set a security code yet — say so and point to Account Setting. */
function MissingCodeAlert({ message }: { message?: string }) {
  const { t } = useTranslation()
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="security-code-missing"
      message={message || t('creators.security.missing')}
      description={<Link to="/app/account">{t('creators.security.go_to_account')}</Link>}
    />
  )
}

/**
 * How a code dialog shows a failure: 409 (no security code set yet) with a
 * link to Account Setting, a refusal (422, 429 unless `refusedOn` says
 * otherwise) handed to `onRefused` for the fields, anything else above the
 * form. `notice` renders the first and the last.
 */
export function useCodeFailure(
  onRefused: (error: HttpError) => void,
  {
    refusedOn = [422, 429],
    missingCode = true,
  }: { refusedOn?: number[]; missingCode?: boolean } = {}
) {
  const { t } = useTranslation()
  const [missing, setMissing] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  return {
    reset: () => {
      setMissing(null)
      setProblem(null)
    },
    show: (error: HttpError) => {
      if (missingCode && error.statusCode === 409) setMissing(error.message)
      else if (refusedOn.includes(error.statusCode)) onRefused(error)
      else setProblem(error.message || t('errors.request_failed'))
    },
    notice: (
      <>
        {missing !== null && <MissingCodeAlert message={missing} />}
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      </>
    ),
  }
}

/** The security code field shared by every dialog that needs it. */
export function SecurityCodeItem({
  name = 'security_code',
  autoFocus = false,
}: {
  name?: string
  autoFocus?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Form.Item
      name={name}
      label={t('creators.security.code')}
      rules={[
        { required: true, message: t('creators.security.code_required') },
        { pattern: SECURITY_CODE_PATTERN, message: t('creators.security.code_pattern') },
      ]}
    >
      <Input.Password
        prefix={<LockOutlined />}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={12}
        autoFocus={autoFocus}
        placeholder={t('creators.security.code_placeholder')}
        data-testid="security-code-input"
      />
    </Form.Item>
  )
}

/**
 * Asks for the personal security code and hands it to `onSubmit`. A failure
 * thrown by `onSubmit` is shown here: wrong code (422) and too many tries
 * (429) on the field, no code set yet (409) with a link to Account Setting.
 */
export function SecurityCodeModal({
  open,
  title,
  description,
  okText,
  onCancel,
  onSubmit,
}: {
  open: boolean
  title: string
  description?: React.ReactNode
  okText?: string
  onCancel: () => void
  onSubmit: (code: string) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ security_code: string }>()
  const [busy, setBusy] = useState(false)
  const failure = useCodeFailure((error) =>
    form.setFields([
      {
        name: 'security_code',
        errors: [fieldMessageOf(error, ['security_code', 'code']) ?? error.message],
      },
    ])
  )
  const { reset } = failure

  useEffect(() => {
    if (open) {
      form.resetFields()
      reset()
    }
  }, [open, form]) // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async ({ security_code }: { security_code: string }) => {
    setBusy(true)
    failure.reset()
    try {
      await onSubmit(security_code)
    } catch (caught) {
      failure.show(caught as HttpError)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('creators.security.confirm')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="security-code-modal"
    >
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      {failure.notice}
      <Form form={form} layout="vertical" onFinish={submit} style={{ marginTop: 12 }}>
        <SecurityCodeItem autoFocus />
      </Form>
    </Modal>
  )
}
