import { useState } from 'react'
import { useModalForm } from '@refinedev/antd'
import type { BaseRecord, HttpError } from '@refinedev/core'
import { useSaveFeedback } from './feedback'

/**
 * The add and edit dialogs of a resource's list, each a Refine modal form
 * (POST, or PATCH with the record's id): open them with `create.show()` and
 * `edit.showRecord(row)` — the edit dialog starts from the list's row, as it
 * shows it, without asking for it again. A save closes the dialog,
 * refreshes the list and says so with `success` (then `onSaved`, for what
 * else the screen shows); field errors land on their fields.
 */
export function useModalForms<TRecord extends BaseRecord, TValues extends object>(
  resource: string,
  success: string,
  onSaved?: () => void
) {
  const feedback = useSaveFeedback<TRecord>(success)
  const [row, setRow] = useState<TRecord>()
  const options = {
    resource,
    redirect: false as const,
    // As before: closing a dialog with changes does not ask.
    warnWhenUnsavedChanges: false,
    ...feedback,
    onMutationSuccess: (response: { data: TRecord }) => {
      feedback.onMutationSuccess(response)
      onSaved?.()
    },
  }
  const create = useModalForm<TRecord, HttpError, TValues>({ ...options, action: 'create' })
  const edit = useModalForm<TRecord, HttpError, TValues>({
    ...options,
    action: 'edit',
    queryOptions: { enabled: false },
  })
  return {
    create: { action: 'create' as const, record: undefined, ...create },
    edit: {
      action: 'edit' as const,
      record: row,
      ...edit,
      showRecord: (record: TRecord) => {
        setRow(record)
        edit.show(record.id)
      },
    },
  }
}

export type ModalForm<TRecord extends BaseRecord, TValues extends object> = ReturnType<
  typeof useModalForms<TRecord, TValues>
>['create' | 'edit']
