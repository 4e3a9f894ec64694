import { useCallback, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useForm } from '@refinedev/antd'
import { useInvalidate, useWarnAboutChange, type HttpError } from '@refinedev/core'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { api } from '../../../providers/http'
import { failureOf, unwrap, type FieldError } from '../../../lib/http'
import { isCodeFailure } from '../components/security-code-modal'
import type { Creator } from '../types'
import {
  ACCOUNT_FIELDS,
  CREATE_DEFAULTS,
  accountChanges,
  creatorPayload,
  tabOfField,
  toFormValues,
  type AccountChange,
  type CreatorFormValues,
} from './values'

/** Errors of the platform tabs handed from the create page to the edit page (the creator exists by then). */
export interface PendingTabErrors {
  fields: { name: (string | number)[]; errors: string[] }[]
}

interface Pending {
  payload: Record<string, unknown>
  accounts: AccountChange[]
  baidu: { baidu_app_id: string | null; baidu_token: string } | null
}

type NamePath = (string | number)[]

/**
 * Create and edit share this one form (finefoods' useStoreForm): Refine's
 * useForm loads and saves the creator (POST, or PATCH with only what
 * changed), then the platform accounts (PUT …/accounts/:platform) and the
 * Baidu token (PUT …/baidu-token) are saved once the creator exists.
 * Anything that needs the security code (every edit, and secrets on create)
 * asks for it first; server validation errors land on their fields.
 */
export function useCreatorForm({ action, id }: { action: 'create' | 'edit'; id?: number }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const invalidate = useInvalidate()
  const { setWarnWhen } = useWarnAboutChange()
  const [tab, setTab] = useState('basic')
  const [pending, setPending] = useState<Pending | null>(null)
  const [saving, setSaving] = useState(false)
  /** On the add screen: the creator once POSTed, so that a retry only saves the platform settings. */
  const createdId = useRef<number | null>(null)

  const refine = useForm<Creator, HttpError, Record<string, unknown>>({
    resource: 'creators',
    action,
    id,
    redirect: false,
    successNotification: false,
    errorNotification: false,
    // Not the detail: a refetch would reset the form and wipe the errors of a partly failed save.
    // The detail screen fetches afresh when it opens.
    invalidates: ['list', 'many'],
    queryOptions: { enabled: action === 'edit' && id !== undefined },
  })
  const { form } = refine
  const rawRecord = refine.query?.data?.data
  const record = rawRecord ? unwrap<Creator>(rawRecord) : undefined
  const initialValues = useMemo(
    () => (action === 'edit' ? (record ? toFormValues(record) : undefined) : CREATE_DEFAULTS),
    [action, record]
  )

  const showErrors = useCallback(
    (fields: { name: NamePath; errors: string[] }[]) => {
      if (!fields.length) return
      form.setFields(fields as any)
      setTab(tabOfField(fields[0].name))
      setTimeout(() => form.scrollToField(fields[0].name as any, { block: 'center' }), 50)
    },
    [form]
  )

  const accountFieldErrors = (platform: string, errors: FieldError[], fallback: string) => {
    const known = errors.filter((item) =>
      (ACCOUNT_FIELDS as readonly string[]).includes(item.field)
    )
    if (known.length)
      return known.map((item) => ({
        name: ['accounts', platform, item.field],
        errors: [item.message],
      }))
    const guess = /cookie/i.test(fallback) ? 'cookie' : /token/i.test(fallback) ? 'token' : 'uid'
    return [{ name: ['accounts', platform, guess], errors: [fallback] }]
  }

  /** Saves everything; a failure about the code itself is thrown back to the code dialog. */
  const save = async (work: Pending, code?: string) => {
    setSaving(true)
    try {
      let creatorId = action === 'create' ? (createdId.current ?? undefined) : id
      const withCode = (body: Record<string, unknown>) =>
        code ? { ...body, security_code: code } : body
      // POST does not check the code; the platform settings that follow do. A wrong
      // code there keeps the dialog open, and the retry does not add the creator twice.
      const codeCheckedByCreator = action === 'edit' && Object.keys(work.payload).length > 0
      const hasCreatorChanges =
        action === 'create' ? creatorId === undefined : Object.keys(work.payload).length > 0
      if (hasCreatorChanges) {
        try {
          const response = await refine.onFinish(withCode(work.payload))
          if (action === 'create') {
            creatorId = unwrap<Creator>((response as any)?.data)?.id
            createdId.current = creatorId ?? null
          }
        } catch (error) {
          const failure = failureOf(error)
          // Only PATCH checks the code; whatever POST refuses belongs to the form.
          if (code && action === 'edit' && isCodeFailure(failure)) throw error
          setPending(null)
          const fields = failure.fields.filter(
            (item) => item.field && item.field !== 'security_code'
          )
          if (fields.length)
            showErrors(fields.map((item) => ({ name: [item.field], errors: [item.message] })))
          else message.error(failure.message || t('errors.creator_change_failed'))
          return
        }
      }
      if (!creatorId) return

      const tabErrors: { name: NamePath; errors: string[] }[] = []
      for (const change of work.accounts) {
        try {
          await api.put(
            `/api/creators/${creatorId}/accounts/${change.platform}`,
            withCode(change.body)
          )
        } catch (error) {
          const failure = failureOf(error)
          if (code && !codeCheckedByCreator && isCodeFailure(failure, ['security_code']))
            throw error
          tabErrors.push(
            ...accountFieldErrors(
              change.platform,
              failure.fields,
              failure.message || t('errors.update_failed')
            )
          )
        }
      }
      if (work.baidu) {
        try {
          await api.put(`/api/creators/${creatorId}/baidu-token`, withCode(work.baidu))
        } catch (error) {
          const failure = failureOf(error)
          if (
            code &&
            !codeCheckedByCreator &&
            !work.accounts.length &&
            isCodeFailure(failure, ['security_code'])
          )
            throw error
          const field = failure.fields.find((item) => item.field === 'baidu_app_id')
            ? 'baidu_app_id'
            : 'baidu_token'
          tabErrors.push({
            name: [field],
            errors: [failure.fields[0]?.message ?? (failure.message || t('errors.update_failed'))],
          })
        }
      }
      setPending(null)
      invalidate({ resource: 'creators', invalidates: ['list'] })
      setWarnWhen(false)

      if (tabErrors.length) {
        message.warning(t('creators.form.saved_with_errors'))
        if (action === 'create') {
          navigate(`/app/modify_creator?id=${creatorId}`, {
            state: { tabErrors: { fields: tabErrors } satisfies PendingTabErrors },
          })
        } else showErrors(tabErrors)
        return
      }
      message.success(t(action === 'create' ? 'creators.form.created' : 'creators.form.updated'))
      navigate(`/app/creator_info?id=${creatorId}`)
    } finally {
      setSaving(false)
    }
  }

  const onFinish = async (values: CreatorFormValues) => {
    const base = action === 'edit' ? (initialValues ?? null) : null
    const payload = creatorPayload(values, base)
    const accounts = accountChanges(values, base)
    const token = typeof values.baidu_token === 'string' ? values.baidu_token.trim() : ''
    const baidu = token
      ? { baidu_app_id: (values.baidu_app_id as string | null) ?? null, baidu_token: token }
      : null
    const work = { payload, accounts, baidu }
    if (action === 'edit' && !Object.keys(payload).length && !accounts.length && !baidu) {
      message.info(t('creators.form.nothing_changed'))
      return
    }
    if (action === 'edit' || accounts.length || baidu) {
      setPending(work)
      return
    }
    await save(work)
  }

  const onFinishFailed = ({ errorFields }: { errorFields: { name: NamePath }[] }) => {
    if (!errorFields.length) return
    setTab(tabOfField(errorFields[0].name))
    setTimeout(() => form.scrollToField(errorFields[0].name as any, { block: 'center' }), 50)
  }

  return {
    form,
    formProps: {
      ...refine.formProps,
      initialValues,
      onFinish,
      onFinishFailed,
      scrollToFirstError: false,
    },
    record,
    query: refine.query,
    loading: refine.formLoading || saving,
    tab,
    setTab,
    showErrors,
    codePrompt: {
      open: pending !== null,
      onCancel: () => {
        setPending(null)
        // The creator exists already (only its platform settings are missing): continue on its edit screen.
        if (action === 'create' && createdId.current) {
          setWarnWhen(false)
          message.warning(t('creators.form.saved_with_errors'))
          navigate(`/app/modify_creator?id=${createdId.current}`)
        }
      },
      onSubmit: (code: string) => save(pending!, code),
    },
  }
}
