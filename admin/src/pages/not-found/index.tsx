import { Link } from 'react-router'
import { Button, Card, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { PublicShell } from '../../components/public-shell'
import { usePageTitle } from '../../components/page-title'

export function NotFoundPage() {
  const { t } = useTranslation()
  usePageTitle('404')
  return (
    <PublicShell>
      <Card>
        <Result
          status="404"
          title={t('not_found.title')}
          subTitle={t('not_found.body')}
          extra={
            <Link to="/">
              <Button type="primary">{t('not_found.home')}</Button>
            </Link>
          }
        />
      </Card>
    </PublicShell>
  )
}

export default NotFoundPage
