import { Link, useSearchParams } from 'react-router'
import { Button, Card, Result } from 'antd'
import { useTranslation } from 'react-i18next'

/** The creator id of /app/creator_info?id=… and /app/modify_creator?id=…, or null. */
export function useCreatorIdParam() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  return raw && /^[1-9][0-9]*$/.test(raw) ? Number(raw) : null
}

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
