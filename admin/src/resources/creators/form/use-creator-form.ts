import { useCallback, useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useForm } from '@refinedev/antd'
import { useInvalidate, useWarnAboutChange, type HttpError } from '@refinedev/core'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { fieldErrorsOf } from '../../../lib/form-errors'
import { isCodeFailure } from '../../../components/security-code-modal'
import type { Creator } from '../types'
import {
  ACCOUNT_FIELDS,
  CREATE_DEFAULTS,
  creatorBody,
  tabOfField,
  toFormValues,
  type CreatorBody,
  type CreatorFormValues,
} from './values'

type NamePath = (string | number)[]
type FieldErrors = { name: NamePath; errors: string[] }[]

/**
 * The server's field errors on the form's own fields: `accounts.1.cookie_2`
 * names the second account of the body sent, which the form keeps under its
 * platform (`accounts.weibo.cookie_2`).
 */
function formErrorsOf(error: HttpError, body: CreatorBody): FieldErrors {
  return fieldErrorsOf(error).flatMap(({ name, errors }) => {
    const path = (Array.isArray(name) ? name : [name]) as NamePath
    if (path[0] === 'security_code') return []
    if (path[0] !== 'accounts' || typeof path[1] !== 'number')
      return [{ name: path, errors: errors ?? [] }]
    const platform = body.accounts?.[path[1]]?.platform
    if (!platform) return []
    const known = (ACCOUNT_FIELDS as readonly unknown[]).includes(path[2])
    const message = errors?.[0] ?? ''
    const field = known
      ? path[2]
      : /cookie/i.test(message)
        ? 'cookie'
        : /token/i.test(message)
          ? 'token'
          : 'uid'
    return [{ name: ['accounts', platform, field], errors: errors ?? [] }]
  })
}

/**
 * Create and edit share this one form (finefoods' useStoreForm). Refine's
 * useForm loads the creator and saves it in one request through the data
 * provider: POST with every filled field, or PATCH with only what changed —
 * the creator's fields, its platform accounts with their secrets and the
 * Baidu token together, in one transaction on the server, so a save is
 * whole or nothing. An edit asks for the security code first; a refusal
 * about the code stays in the code dialog, the server's field errors land
 * on their fields and open their tab.
 */
export function useCreatorForm({ action, id }: { action: 'create' | 'edit'; id?: number }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const invalidate = useInvalidate()
  const { setWarnWhen } = useWarnAboutChange()
  const [search] = useSearchParams()
  // an OAuth connect lands back on its platform's tab (?tab=douyin&connect=…)
  const [tab, setTab] = useState(() => search.get('tab') || 'basic')
  /** The edit waiting for the security code. */
  const [pending, setPending] = useState<CreatorBody | null>(null)

  const refine = useForm<Creator, HttpError, CreatorBody & { security_code?: string }>({
    resource: 'creators',
    action,
    id,
    redirect: false,
    successNotification: false,
    errorNotification: false,
    // The server's field names follow the body (accounts by index): mapped below.
    disableServerSideValidation: true,
    // Not the detail: a refetch would reset the form and wipe what the person typed.
    // The detail screen fetches afresh when it opens.
    invalidates: ['list', 'many'],
    queryOptions: { enabled: action === 'edit' && id !== undefined },
  })
  const { form } = refine
  const record = refine.query?.data?.data
  const initialValues = useMemo(
    () => (action === 'edit' ? (record ? toFormValues(record) : undefined) : CREATE_DEFAULTS),
    [action, record]
  )

  const showErrors = useCallback(
    (fields: FieldErrors) => {
      if (!fields.length) return
      form.setFields(fields as never)
      setTab(tabOfField(fields[0].name))
      setTimeout(() => form.scrollToField(fields[0].name as never, { block: 'center' }), 50)
    },
    [form]
  )

  /** Sends the one request; a failure about the code itself is thrown back to the code dialog. */
  const save = async (body: CreatorBody, code?: string) => {
    try {
      const response = await refine.onFinish(code ? { ...body, security_code: code } : body)
      setPending(null)
      setWarnWhen(false)
      invalidate({ resource: 'creators', invalidates: ['list'] })
      message.success(t(action === 'create' ? 'creators.form.created' : 'creators.form.updated'))
      navigate(`/app/creator_info?id=${response?.data?.id ?? id}`)
    } catch (caught) {
      const error = caught as HttpError
      if (code && isCodeFailure(error)) throw error
      setPending(null)
      const fields = formErrorsOf(error, body)
      if (fields.length) showErrors(fields)
      else message.error(error.message || t('errors.creator_change_failed'))
    }
  }

  const onFinish = async (values: CreatorFormValues) => {
    const body = creatorBody(values, action === 'edit' ? (initialValues ?? null) : null)
    if (action === 'create') return save(body)
    if (!Object.keys(body).length) {
      message.info(t('creators.form.nothing_changed'))
      return
    }
    setPending(body)
  }

  const onFinishFailed = ({ errorFields }: { errorFields: { name: NamePath }[] }) => {
    if (!errorFields.length) return
    setTab(tabOfField(errorFields[0].name))
    setTimeout(() => form.scrollToField(errorFields[0].name as never, { block: 'center' }), 50)
  }

  return {
    form,
    formProps: {
      ...refine.formProps,
      initialValues,
      onFinish: onFinish as (values: unknown) => Promise<void>,
      onFinishFailed,
      scrollToFirstError: false,
    },
    record,
    query: refine.query,
    loading: refine.formLoading,
    tab,
    setTab,
    codePrompt: {
      open: pending !== null,
      onCancel: () => setPending(null),
      onSubmit: (code: string) => save(pending!, code),
    },
  }
}
