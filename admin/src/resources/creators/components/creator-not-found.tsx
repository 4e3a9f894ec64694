import { Link } from 'react-router'
import { Button, Card, Result } from 'antd'
import { useTranslation } from 'react-i18next'

export function CreatorNotFound({ message }: { message?: string }) {
  const { t } = useTranslation()
  return (
    <Card>
      <Result
        status="404"
        title={t('creators.detail.not_found')}
        subTitle={message}
        extra={
          <Link to="/app/customers">
            <Button>{t('creators.detail.back_to_list')}</Button>
          </Link>
        }
      />
    </Card>
  )
}
