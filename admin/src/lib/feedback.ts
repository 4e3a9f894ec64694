import type { BaseRecord, HttpError } from '@refinedev/core'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'

const hasFieldErrors = (error: HttpError | null | undefined) =>
  Object.keys(error?.errors ?? {}).length > 0

/**
 * The studio's feedback for Refine's forms and mutations instead of Refine's
 * notifications: a short message on success; on a failure, the server's
 * field errors land on their fields (Refine's forms do that) and anything
 * else is the server's translated message.
 */
export function useSaveFeedback<TData extends BaseRecord = BaseRecord>(
  success?: string | ((data: TData) => string)
) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const failed = (error: HttpError | null | undefined) =>
    message.error(error?.message || t('errors.request_failed'))
  return {
    successNotification: false as const,
    errorNotification: false as const,
    onMutationSuccess: (response: { data: TData }) => {
      const text = typeof success === 'function' ? success(response.data) : success
      if (text) void message.success(text)
    },
    onMutationError: (error: HttpError) => {
      if (!hasFieldErrors(error)) void failed(error)
    },
    /** For a call outside a form: a success message, or the server's message. */
    succeeded: (text: string) => void message.success(text),
    failed,
  }
}

/**
 * antd calls a form's onFinish without waiting for it; Refine's modal and
 * drawer forms reject when the save fails (the feedback above has spoken by
 * then), so the rejection is settled here.
 */
export const settle =
  <T>(finish?: (values: T) => unknown) =>
  (values: T) =>
    void Promise.resolve(finish?.(values)).catch(() => undefined)
