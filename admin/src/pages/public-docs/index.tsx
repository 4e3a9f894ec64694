import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button, Card, Descriptions, Result, Space, Typography } from 'antd'
import {
  ChromeOutlined,
  DownloadOutlined,
  FileProtectOutlined,
  SmileOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { PublicShell } from '../../components/public-shell'
import { usePageTitle } from '../../components/page-title'
import { formatDate } from '../../lib/format'

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

/** What GET /api/public/documents/:token answers. */
interface PublicDocument {
  number: string
  kind: string
  lang: string
  title: string
  month: string | null
  channel_name: string | null
  issued_at: string
  file_size: number
}

type Loaded =
  | { state: 'loading' }
  | { state: 'ok'; document: PublicDocument }
  | { state: 'failed'; message: string }

/** The issued document a link's token opens (the API counts and limits these requests). */
function usePublicDocument(token: string | null): Loaded {
  const { t, i18n } = useTranslation()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  useEffect(() => {
    if (!token) return
    const controller = new AbortController()
    setLoaded({ state: 'loading' })
    fetch(`/api/public/documents/${encodeURIComponent(token)}`, {
      headers: { 'accept-language': i18n.language },
      signal: controller.signal,
    })
      .then(async (response) => {
        const body = await response.json().catch(() => null)
        if (response.ok && body) setLoaded({ state: 'ok', document: body as PublicDocument })
        else
          setLoaded({
            state: 'failed',
            message: body?.message || t('documents.public.not_found'),
          })
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError')
          setLoaded({ state: 'failed', message: t('errors.request_failed') })
      })
    return () => controller.abort()
  }, [token, i18n.language, t])
  return loaded
}

/**
 * A document page opened with its link (`/bilidoc?t=…`): its number, channel
 * and the PDF. A link that does not open says so plainly: its reader is an
 * outsider, not sent to the staff's login.
 */
function IssuedDocumentView({ token }: { token: string }) {
  const { t } = useTranslation()
  const loaded = usePublicDocument(token)
  if (loaded.state === 'loading') return <Card loading style={{ minHeight: 240 }} />
  if (loaded.state === 'failed')
    return (
      <Card>
        <Result
          status="404"
          title={loaded.message}
          subTitle={t('documents.public.ask_sender')}
          data-testid="public-document-failed"
        />
      </Card>
    )
  const { document } = loaded
  const pdf = `/api/public/documents/${encodeURIComponent(token)}/pdf`
  return (
    <Card
      title={
        <Space>
          <FileProtectOutlined />
          {document.title}
        </Space>
      }
      extra={
        <Button type="primary" icon={<DownloadOutlined />} href={pdf} download>
          {t('documents.public.download')}
        </Button>
      }
      data-testid="public-document"
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('documents.public.number')}>
          {document.number}
        </Descriptions.Item>
        <Descriptions.Item label={t('documents.public.channel')}>
          {document.channel_name ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('documents.public.issued_at')}>
          {formatDate(document.issued_at)}
        </Descriptions.Item>
      </Descriptions>
      <iframe
        title={document.number}
        src={pdf}
        style={{ width: '100%', height: '75vh', border: '1px solid #f0f0f0', marginTop: 12 }}
      />
    </Card>
  )
}

/**
 * The public pages of SPEC §2. The document pages show an issued document by
 * its link (`?t=` token); without one they say how to open a document.
 */
export function PublicDocPage({ doc }: { doc: PublicDocKey }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  usePageTitle(t(`docs.${doc}.title`))
  const isDocument = DOCUMENTS.includes(doc)
  const token = isDocument ? params.get('t') : null
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
      {token ? (
        <IssuedDocumentView token={token} />
      ) : (
        <Card>
          <Result
            icon={icon}
            title={t(`docs.${doc}.title`)}
            subTitle={
              <Typography.Text>
                {isDocument ? t('documents.public.no_token') : t(`docs.${doc}.body`)}
              </Typography.Text>
            }
            extra={
              // a document's reader is an outsider: no way into the staff's login
              isDocument ? null : (
                <Link to="/login">
                  <Button type="primary">{t('docs.home')}</Button>
                </Link>
              )
            }
          />
        </Card>
      )}
    </PublicShell>
  )
}

export default PublicDocPage
