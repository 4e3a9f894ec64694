import { Link } from 'react-router'
import { Button } from 'antd'
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
      extra={
        <Link to="/">
          <Button type="primary">{t('not_found.home')}</Button>
        </Link>
      }
    />
  )
}

export default NotFoundPage
