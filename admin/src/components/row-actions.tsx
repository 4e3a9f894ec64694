import { useDelete } from '@refinedev/core'
import { Button, Popconfirm, Space } from 'antd'
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSaveFeedback } from '../lib/feedback'

/**
 * A list row's edit and delete buttons: delete asks `confirm` first, then
 * removes the record of `resource` and calls `onDeleted`; a refusal is the
 * server's message.
 */
export function RowActions({
  resource,
  id,
  confirm,
  onEdit,
  onDeleted,
  editLabel,
  deleteLabel,
}: {
  resource: string
  id: number
  confirm: string
  onEdit: () => void
  onDeleted: () => void
  editLabel?: string
  deleteLabel?: string
}) {
  const { t } = useTranslation()
  const { mutate: remove } = useDelete()
  const feedback = useSaveFeedback()
  return (
    <Space>
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={onEdit}
        aria-label={editLabel ?? t('buttons.edit')}
      />
      <Popconfirm
        title={confirm}
        onConfirm={() =>
          remove(
            { resource, id, successNotification: false, errorNotification: false },
            { onSuccess: onDeleted, onError: (error) => feedback.failed(error) }
          )
        }
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={deleteLabel ?? t('buttons.delete')}
        />
      </Popconfirm>
    </Space>
  )
}
