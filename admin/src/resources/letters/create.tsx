import { useSelect } from '@refinedev/antd'
import { Form, Input, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { settle } from '../../lib/feedback'
import type { ModalForm } from '../../lib/use-modal-forms'
import type { Draft, LetterRow, Person } from './types'

/**
 * The recipients a letter may go to (GET /api/letters/recipients?q=), searched
 * on the server; `known` is the person a reply answers.
 */
export function useRecipientSelect(known?: Person | null) {
  const { selectProps, query } = useSelect<Person>({
    resource: 'letters/recipients',
    optionValue: 'id',
    optionLabel: (person) => `${person.name}${person.email ? ` · ${person.email}` : ''}`,
    pagination: { mode: 'off' },
    onSearch: (value) => [{ field: 'q', operator: 'eq', value: value || undefined }],
  })
  const options = selectProps.options ?? []
  return {
    selectProps: {
      ...selectProps,
      options:
        known && !options.some((option) => option.value === known.id)
          ? [{ value: known.id, label: known.name }, ...options]
          : options,
    },
    people: query.data?.data ?? [],
    loading: query.isLoading,
  }
}

/** Compose (or reply): recipient, subject and body; POST /api/letters. */
export function LetterCreate({
  modal,
  recipients,
}: {
  modal: ModalForm<LetterRow, Draft>
  recipients: ReturnType<typeof useRecipientSelect>['selectProps']
}) {
  const { t } = useTranslation()
  const { formProps, modalProps, form } = modal
  const replying = Form.useWatch('reply_to_id', form)
  return (
    <Modal
      {...modalProps}
      title={replying ? t('letters.reply') : t('letters.compose')}
      okText={t('letters.send')}
      width={520}
      // Above the reader's drawer a reply is written from (the dialog stays mounted).
      zIndex={1001}
    >
      <Form
        {...formProps}
        onFinish={settle(formProps.onFinish)}
        layout="vertical"
        data-testid="letter-form"
      >
        <Form.Item name="reply_to_id" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="recipient_id"
          label={t('letters.to')}
          rules={[{ required: true, message: t('letters.recipient_required') }]}
        >
          <Select
            {...recipients}
            placeholder={t('letters.recipient_placeholder')}
            data-testid="letter-recipient"
          />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('letters.subject')}
          rules={[
            { required: true, whitespace: true, message: t('letters.subject_required') },
            { max: 200 },
          ]}
        >
          <Input maxLength={200} data-testid="letter-subject" />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('letters.body')}
          rules={[
            { required: true, whitespace: true, message: t('letters.body_required') },
            { max: 10000 },
          ]}
        >
          <Input.TextArea rows={8} maxLength={10000} showCount data-testid="letter-body" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
