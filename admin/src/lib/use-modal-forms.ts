import { useModalForm } from '@refinedev/antd'
import type { BaseRecord, HttpError } from '@refinedev/core'
import { useSaveFeedback } from './feedback'

/**
 * The add and edit dialogs of a resource's list, each a Refine modal form
 * (POST, or PATCH with the record's id): open them with `create.show()` and
 * `edit.show(id)`; a save closes the dialog, refreshes the list and says so
 * with `success` (then `onSaved`, for what else the screen shows), field
 * errors land on their fields.
 */
export function useModalForms<TRecord extends BaseRecord, TValues extends object>(
  resource: string,
  success: string,
  onSaved?: () => void
) {
  const feedback = useSaveFeedback<TRecord>(success)
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
  return {
    create: {
      action: 'create' as const,
      ...useModalForm<TRecord, HttpError, TValues>({ ...options, action: 'create' }),
    },
    edit: {
      action: 'edit' as const,
      ...useModalForm<TRecord, HttpError, TValues>({ ...options, action: 'edit' }),
    },
  }
}

export type ModalForm<TRecord extends BaseRecord, TValues extends object> = ReturnType<
  typeof useModalForms<TRecord, TValues>
>['create' | 'edit']
