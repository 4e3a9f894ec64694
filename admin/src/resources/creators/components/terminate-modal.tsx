import { DatePicker, Form, Input, Modal, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { SECURITY_CODE_PATTERN } from '@shared/constants'
import { useCustomMutation } from '@refinedev/core'
import { fieldMessageOf } from '../../../lib/form-errors'
import { useCodeFailure } from '../../../components/security-code-modal'

interface Values {
  termination_code: string
  cancel_date?: Dayjs
}

/**
 * Terminates the contract: the studio's termination (unregister) code and
 * the cancel date. A wrong code shows the spec's 'Termination code error'
 * on the field.
 */
export function TerminateModal({
  creatorId,
  name,
  open,
  onClose,
  onDone,
}: {
  creatorId: number
  name: string
  open: boolean
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const { mutate, mutation } = useCustomMutation()
  // A wrong termination code or date is refused (422); anything else shows above the form.
  const failure = useCodeFailure(
    (error) => {
      const dateError = fieldMessageOf(error, ['cancel_date'])
      const codeError = fieldMessageOf(error, ['termination_code'])
      form.setFields([
        ...(dateError ? [{ name: 'cancel_date' as const, errors: [dateError] }] : []),
        ...(codeError || !dateError
          ? [
              {
                name: 'termination_code' as const,
                errors: [codeError ?? (error.message || t('errors.termination_code_error'))],
              },
            ]
          : []),
      ])
    },
    { refusedOn: [422], missingCode: false }
  )

  const submit = (values: Values) => {
    failure.reset()
    mutate(
      {
        url: `/api/creators/${creatorId}/terminate`,
        method: 'post',
        values: {
          termination_code: values.termination_code,
          cancel_date: values.cancel_date ? values.cancel_date.format('YYYY-MM-DD') : undefined,
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          form.resetFields()
          onDone()
        },
        onError: failure.show,
      }
    )
  }

  return (
    <Modal
      open={open}
      title={t('creators.terminate.title', { name })}
      okText={t('creators.terminate.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('buttons.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="terminate-modal"
    >
      <Typography.Paragraph type="secondary">{t('creators.terminate.body')}</Typography.Paragraph>
      {failure.notice}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ cancel_date: dayjs() }}
      >
        <Form.Item
          name="termination_code"
          label={t('creators.terminate.code')}
          rules={[
            { required: true, message: t('creators.terminate.code_required') },
            { pattern: SECURITY_CODE_PATTERN, message: t('creators.terminate.code_pattern') },
          ]}
        >
          <Input.Password
            autoComplete="off"
            inputMode="numeric"
            maxLength={12}
            autoFocus
            data-testid="termination-code-input"
          />
        </Form.Item>
        <Form.Item name="cancel_date" label={t('creators.fields.cancel_date')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
