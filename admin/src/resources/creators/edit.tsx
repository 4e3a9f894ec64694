import { CanAccess } from '@refinedev/core'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { NoPermission } from '../../components/no-permission'
import { CreatorForm } from './form/creator-form'
import { useCreatorForm } from './form/use-creator-form'
import { CreatorNotFound } from './components/creator-not-found'
import { useCreatorIdParam } from './components/creator-id'

function EditForm({ id }: { id: number }) {
  const { t } = useTranslation()
  const state = useCreatorForm({ action: 'edit', id })
  const { record, query } = state

  if (query?.isError) {
    const error = query.error
    return <CreatorNotFound message={error?.statusCode === 404 ? undefined : error?.message} />
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
