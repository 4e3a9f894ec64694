import { Result } from 'antd'
import { useTranslation } from 'react-i18next'

/** What a person without the right sees: contact the developer (SPEC §6). */
export function NoPermission() {
  const { t } = useTranslation()
  return <Result status="403" title={t('no_permission.title')} subTitle={t('no_permission.body')} />
}

export default NoPermission
