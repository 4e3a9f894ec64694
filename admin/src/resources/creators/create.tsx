import { CanAccess } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { NoPermission } from '../../components/no-permission'
import { CreatorForm } from './form/creator-form'
import { useCreatorForm } from './form/use-creator-form'

function CreateForm() {
  const { t } = useTranslation()
  const state = useCreatorForm({ action: 'create' })
  return <CreatorForm action="create" title={t('creators.titles.create')} state={state} />
}

/** /app/add_creator: the creator form, empty (admins). */
export function CreatorCreate() {
  return (
    <CanAccess resource="creators" action="create" fallback={<NoPermission />}>
      <CreateForm />
    </CanAccess>
  )
}

export default CreatorCreate
