import type { HttpError } from '@refinedev/core'
import type { FormInstance } from 'antd'

type FieldData = Parameters<FormInstance['setFields']>[0]

/** The field errors of an HttpError (422) as antd field data, in the server's order. */
export function fieldErrorsOf(error: HttpError | null | undefined): FieldData {
  return Object.entries(error?.errors ?? {}).map(([field, value]) => ({
    name: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: (Array.isArray(value) ? value : [value]).map((item) =>
      typeof item === 'object' && item !== null ? String(item.message) : String(item)
    ),
  }))
}

/** Puts the server's 422 field errors on the form; returns false when there were none. */
export function applyServerErrors(form: FormInstance, error: HttpError | null | undefined) {
  const fields = fieldErrorsOf(error)
  if (!fields.length) return false
  form.setFields(fields)
  return true
}

/** The fields a 422 names, in the server's order. */
export const errorFieldsOf = (error: HttpError | null | undefined) =>
  Object.keys(error?.errors ?? {})

/** The first message the server gave for one of `fields`. */
export function fieldMessageOf(error: HttpError | null | undefined, fields: string[]) {
  const field = errorFieldsOf(error).find((name) => fields.includes(name))
  return field
    ? fieldErrorsOf({ ...error!, errors: { [field]: error!.errors![field] } })[0]?.errors?.[0]
    : undefined
}
