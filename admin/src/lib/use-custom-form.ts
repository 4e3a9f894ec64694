import { useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core'
import type { FormInstance } from 'antd'
import { applyServerErrors } from './form-errors'
import { useSaveFeedback } from './feedback'

/**
 * An antd form whose values go to an endpoint of their own (PUT
 * /api/user/password, POST /api/registrations/:id/approve …) through
 * useCustomMutation. The server's field errors land on their fields; a
 * refusal that names none (a wrong password or code: 422, 429) lands on
 * `fallbackField` when there is one; anything else is the server's message.
 * `onError` may take a failure first (return true when it did).
 */
export function useCustomForm<TValues extends object, TData extends BaseRecord = BaseRecord>({
  url,
  method = 'put',
  form,
  fallbackField,
  fallbackOn = [422, 429],
  onSuccess,
  onError,
}: {
  url: string | ((values: TValues) => string)
  method?: 'post' | 'put' | 'patch' | 'delete'
  form: FormInstance<TValues>
  fallbackField?: string
  fallbackOn?: number[]
  onSuccess?: (data: TData, values: TValues) => void
  onError?: (error: HttpError) => boolean | void
}) {
  const { mutate, mutation } = useCustomMutation<TData>()
  const feedback = useSaveFeedback()
  const submit = (values: TValues) =>
    mutate(
      {
        url: typeof url === 'function' ? url(values) : url,
        method,
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => onSuccess?.(data, values),
        onError: (error) => {
          if (onError?.(error) || applyServerErrors(form, error)) return
          if (fallbackField && fallbackOn.includes(error.statusCode))
            form.setFields([{ name: fallbackField as never, errors: [error.message] }])
          else feedback.failed(error)
        },
      }
    )
  return { submit, saving: mutation.isPending }
}
