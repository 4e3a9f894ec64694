import { useDeferredValue, useState } from 'react'
import { useNavigate } from 'react-router'
import { useShow } from '@refinedev/core'
import { EditButton } from '@refinedev/antd'
import { App, Card, Col, Row, Space } from 'antd'
import { KeyOutlined, StopOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { Creator } from './types'
import { HeaderCard } from './components/header-card'
import { PrivateInfoCard } from './components/private-info-card'
import { MemoPanel } from './components/memo-panel'
import { StatusTable } from './components/status-table'
import { CreatorUploadsCard } from '../../pages/upload-station/creator-uploads'
import { AnalysisTabs } from './components/analysis-tabs'
import { Portraits } from './components/portraits'
import { CreatorStatementsCard } from '../../pages/settlement/creator-statements'
import { AdPricesCard } from './components/side-cards'
import { DocumentsCard } from './components/documents-card'
import { TerminateModal } from './components/terminate-modal'
import { PasswordModal } from './components/password-modal'
import { DeleteCreatorButton } from './components/delete-creator-button'
import { CreatorNotFound, useCreatorIdParam } from './components/creator-not-found'
import { GuardedButton } from '../../components/guarded-button'
import { Later } from '../../components/later'

/** /app/creator_info?id=…: everything the studio knows about one creator. */
export function CreatorShow() {
  const { t } = useTranslation()
  const id = useCreatorIdParam()
  const navigate = useNavigate()
  const { message } = App.useApp()
  const [dialog, setDialog] = useState<'terminate' | 'password' | null>(null)
  const { query } = useShow<Creator>({
    resource: 'creators',
    id: id ?? undefined,
    queryOptions: { enabled: id !== null },
    errorNotification: false,
  })
  // The page is drawn from a deferred copy of the answer: React renders it in short slices.
  const creator = useDeferredValue(query.data?.data)

  if (id === null) return <CreatorNotFound />
  if (query.isError) {
    const error = query.error
    return <CreatorNotFound message={error?.statusCode === 404 ? undefined : error?.message} />
  }
  if (query.isLoading || !creator) return <Card loading style={{ minHeight: 320 }} />
  const refetch = () => void query.refetch()

  const actions = (
    <>
      <EditButton
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
          onClick={() => setDialog('terminate')}
          data-testid="terminate"
        >
          {t('creators.terminate.button')}
        </GuardedButton>
      )}
      <GuardedButton
        resource="creators"
        action="change_password"
        icon={<KeyOutlined />}
        onClick={() => setDialog('password')}
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
    </Space>
  )
}

export default CreatorShow
