import type { FormInstance } from 'antd'

/** Puts the server's 422 field errors on the form; returns false when there were none. */
export function applyServerErrors(form: FormInstance, error: any): boolean {
  const errors: { field: string; message: string }[] = error?.response?.data?.errors ?? []
  if (!errors.length) return false
  form.setFields(errors.map((item) => ({ name: item.field, errors: [item.message] })))
  return true
}
