import { Link } from 'react-router'
import { Button, Card, Result, Typography } from 'antd'
import { ToolOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

/**
 * The honest page of a screen that a later release builds: it names the
 * screen and says 'Not supported yet' (SPEC §8) rather than pretending.
 */
export function NotSupportedPage({ resource }: { resource: string }) {
  const { t } = useTranslation()
  return (
    <Card>
      <Result
        icon={<ToolOutlined />}
        title={<span data-testid="not-supported">{t('not_supported.title')}</span>}
        subTitle={t('not_supported.body', { screen: t(`menu.${resource}`) })}
        extra={
          resource === 'data_dashboard' ? null : (
            <Link to="/app/data_dashboard">
              <Button>{t('not_supported.back')}</Button>
            </Link>
          )
        }
      >
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
          {t('not_supported.what_exists')}
        </Typography.Paragraph>
      </Result>
    </Card>
  )
}

export default NotSupportedPage
