import { Link } from 'react-router'
import { Alert, Button, Card, Result, Typography } from 'antd'
import { ChromeOutlined, FileProtectOutlined, SmileOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { PublicShell } from '../../components/public-shell'
import { usePageTitle } from '../../components/page-title'

export type PublicDocKey =
  | 'br_page'
  | 'bilidoc'
  | 'bilidoc_hh'
  | 'authorization_doc'
  | 'xiguaright_doc'
  | 'xiguasignup_doc'
  | 'egg'

const DOCUMENTS: PublicDocKey[] = [
  'bilidoc',
  'bilidoc_hh',
  'authorization_doc',
  'xiguaright_doc',
  'xiguasignup_doc',
]

/**
 * The public pages of SPEC §2. The document pages show issued documents by
 * link; document issuing is a later release, so they say so plainly.
 */
export function PublicDocPage({ doc }: { doc: PublicDocKey }) {
  const { t } = useTranslation()
  usePageTitle(t(`docs.${doc}.title`))
  const isDocument = DOCUMENTS.includes(doc)
  const icon =
    doc === 'egg' ? (
      <SmileOutlined />
    ) : doc === 'br_page' ? (
      <ChromeOutlined />
    ) : (
      <FileProtectOutlined />
    )

  return (
    <PublicShell wide>
      <Card>
        <Result
          icon={icon}
          title={t(`docs.${doc}.title`)}
          subTitle={<Typography.Text>{t(`docs.${doc}.body`)}</Typography.Text>}
          extra={
            <Link to="/login">
              <Button type="primary">{t('docs.home')}</Button>
            </Link>
          }
        >
          {isDocument && <Alert type="info" showIcon message={t('docs.pending_document')} />}
        </Result>
      </Card>
    </PublicShell>
  )
}

export default PublicDocPage
