import { useTranslation } from 'react-i18next'
import { PublicResult } from '../../components/public-result'
import { usePageTitle } from '../../components/page-title'

export function NotFoundPage() {
  const { t } = useTranslation()
  usePageTitle('404')
  return (
    <PublicResult
      status="404"
      title={t('not_found.title')}
      subTitle={t('not_found.body')}
      action={{ to: '/', label: t('not_found.home') }}
    />
  )
}

export default NotFoundPage
