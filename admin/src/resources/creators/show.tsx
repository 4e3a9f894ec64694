import { lazy, Suspense, useDeferredValue, useState } from 'react'
import { useNavigate } from 'react-router'
import { useShow } from '@refinedev/core'
import { EditLinkButton } from '../../components/edit-link-button'
import { App, Card, Col, Row, Space } from 'antd'
import { KeyOutlined, StopOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { Creator } from './types'
import { HeaderCard } from './components/header-card'
import { PrivateInfoCard } from './components/private-info-card'
import { AnalysisTabs } from './components/analysis-tabs'
import { DeleteCreatorButton } from './components/delete-creator-button'
import { useCreatorIdParam } from './components/creator-id'
import { GuardedButton } from '../../components/guarded-button'
import { Later } from '../../components/later'

/*
 * What starts below the fold and the two dialogs are chunks of their own:
 * the cards' code is fetched when their turn to be drawn comes (Later), a
 * dialog's when it is first opened, so the first paint waits for neither.
 */
const Portraits = lazy(() =>
  import('./components/portraits').then((module) => ({ default: module.Portraits }))
)
const StatusTable = lazy(() =>
  import('./components/status-table').then((module) => ({ default: module.StatusTable }))
)
const CreatorStatementsCard = lazy(() =>
  import('../../pages/settlement/creator-statements').then((module) => ({
    default: module.CreatorStatementsCard,
  }))
)
const DocumentsCard = lazy(() =>
  import('./components/documents-card').then((module) => ({ default: module.DocumentsCard }))
)
const CreatorUploadsCard = lazy(() =>
  import('../../pages/upload-station/creator-uploads').then((module) => ({
    default: module.CreatorUploadsCard,
  }))
)
const MemoPanel = lazy(() =>
  import('./components/memo-panel').then((module) => ({ default: module.MemoPanel }))
)
const AdPricesCard = lazy(() =>
  import('./components/side-cards').then((module) => ({ default: module.AdPricesCard }))
)
const TerminateModal = lazy(() =>
  import('./components/terminate-modal').then((module) => ({ default: module.TerminateModal }))
)
const PasswordModal = lazy(() =>
  import('./components/password-modal').then((module) => ({ default: module.PasswordModal }))
)

/** Only when the address names no creator, or one that cannot be read. */
const CreatorNotFound = lazy(() =>
  import('./components/creator-not-found').then((module) => ({
    default: module.CreatorNotFound,
  }))
)

type Dialog = 'terminate' | 'password'

/** /app/creator_info?id=…: everything the studio knows about one creator. */
export function CreatorShow() {
  const { t } = useTranslation()
  const id = useCreatorIdParam()
  const navigate = useNavigate()
  const { message } = App.useApp()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  // A dialog stays mounted once opened, so that it closes with its animation.
  const [opened, setOpened] = useState<Dialog[]>([])
  const open = (which: Dialog) => {
    setOpened((list) => (list.includes(which) ? list : [...list, which]))
    setDialog(which)
  }
  const { query } = useShow<Creator>({
    resource: 'creators',
    id: id ?? undefined,
    queryOptions: { enabled: id !== null },
    errorNotification: false,
  })
  // The page is drawn from a deferred copy of the answer: React renders it in short slices.
  const creator = useDeferredValue(query.data?.data)

  const loading = <Card loading style={{ minHeight: 320 }} />
  if (id === null || query.isError) {
    const error = query.error
    return (
      <Suspense fallback={loading}>
        <CreatorNotFound message={!error || error.statusCode === 404 ? undefined : error.message} />
      </Suspense>
    )
  }
  if (query.isLoading || !creator) return loading
  const refetch = () => void query.refetch()

  const actions = (
    <>
      <EditLinkButton
        resource="creators"
        recordItemId={creator.id}
        meta={{ query: { id: creator.id } }}
        data-testid="edit-creator"
      />
      {creator.contract_status === 'valid' && (
        <GuardedButton
          resource="creators"
          action="terminate"
          danger
          icon={<StopOutlined />}
          onClick={() => open('terminate')}
          data-testid="terminate"
        >
          {t('creators.terminate.button')}
        </GuardedButton>
      )}
      <GuardedButton
        resource="creators"
        action="change_password"
        icon={<KeyOutlined />}
        onClick={() => open('password')}
        data-testid="change-password"
      >
        {t('creators.password.button')}
      </GuardedButton>
      <DeleteCreatorButton
        id={creator.id}
        name={creator.channel_name}
        size="middle"
        onDeleted={() => navigate('/app/customers')}
      />
    </>
  )

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="creator-show">
      <HeaderCard creator={creator} actions={actions} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <AnalysisTabs creatorId={creator.id} accounts={creator.accounts ?? []} />
            <Later minHeight={360}>
              <Portraits portraits={creator.portraits} />
            </Later>
            <Later>
              <StatusTable creator={creator} />
            </Later>
            <Later minHeight={120}>
              <CreatorStatementsCard creatorId={creator.id} />
            </Later>
            <Later minHeight={120}>
              <DocumentsCard creatorId={creator.id} />
            </Later>
            <Later minHeight={120}>
              <CreatorUploadsCard creatorId={creator.id} />
            </Later>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <PrivateInfoCard creator={creator} />
            <Later>
              <MemoPanel creatorId={creator.id} />
            </Later>
            <Later>
              <AdPricesCard prices={creator.ad_prices ?? []} />
            </Later>
          </Space>
        </Col>
      </Row>
      <Suspense fallback={null}>
        {opened.includes('terminate') && (
          <TerminateModal
            creatorId={creator.id}
            name={creator.channel_name}
            open={dialog === 'terminate'}
            onClose={() => setDialog(null)}
            onDone={() => {
              setDialog(null)
              message.success(t('creators.terminate.done'))
              refetch()
            }}
          />
        )}
        {opened.includes('password') && (
          <PasswordModal
            creator={creator}
            open={dialog === 'password'}
            onClose={() => setDialog(null)}
            onDone={() => {
              setDialog(null)
              message.success(t('creators.password.done'))
              refetch()
            }}
          />
        )}
      </Suspense>
    </Space>
  )
}

export default CreatorShow
