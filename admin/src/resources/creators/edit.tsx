import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { CanAccess } from '@refinedev/core'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { NoPermission } from '../../components/no-permission'
import { CreatorForm } from './form/creator-form'
import { useCreatorForm, type PendingTabErrors } from './form/use-creator-form'
import { failureOf } from '../../lib/http'
import { CreatorNotFound, useCreatorIdParam } from './components/creator-not-found'

function EditForm({ id }: { id: number }) {
  const { t } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  const state = useCreatorForm({ action: 'edit', id })
  const { record, showErrors, query } = state

  // Platform settings that failed right after the creator was created arrive here to be fixed.
  const handed = (location.state as { tabErrors?: PendingTabErrors } | null)?.tabErrors
  useEffect(() => {
    if (!record || !handed) return
    showErrors(handed.fields)
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
  }, [record, handed, showErrors, navigate, location.pathname, location.search])

  if (query?.isError) {
    const failure = failureOf(query.error)
    return <CreatorNotFound message={failure.status === 404 ? undefined : failure.message} />
  }
  if (!record) return <Card loading style={{ minHeight: 320 }} />
  return (
    <CreatorForm
      action="edit"
      title={t('creators.titles.edit', { name: record.channel_name })}
      state={state}
    />
  )
}

/** /app/modify_creator?id=…: the same form, filled (admins; saving asks for the security code). */
export function CreatorEdit() {
  const id = useCreatorIdParam()
  return (
    <CanAccess
      resource="creators"
      action="edit"
      params={{ id: id ?? undefined }}
      fallback={<NoPermission />}
    >
      {id === null ? <CreatorNotFound /> : <EditForm id={id} />}
    </CanAccess>
  )
}

export default CreatorEdit
