import { Card, Descriptions, Space, Tag, Tooltip, Typography } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { ACCESS_STATUS, COLLECT_STATUS } from '@shared/constants'
import type { Creator, PlatformAccount } from '../types'
import { formatDate } from '../../../lib/format'
import { ContractStatusTag } from './header-card'
import { PlatformLogo } from '../../../components/platform-badge'
import { StaticTable } from '../../../components/list-table'
import { CollectError } from '../../../components/collect-error'
import { PlatformExportAction } from './platform-export-modal'

function AccessTag({ status, present }: { status: number; present: boolean }) {
  const { t } = useTranslation()
  if (!present) return <Tag>{t('creators.status.not_set')}</Tag>
  const ok = status === ACCESS_STATUS.CONNECTED
  return (
    <Tag color={ok ? 'green' : 'red'}>
      {t(ok ? 'creators.status.connected' : 'creators.status.cannot_access')}
    </Tag>
  )
}

/** The daily collection of one account: collected (when), or failed (why, when). */
function CollectionState({ account }: { account: PlatformAccount }) {
  const { t } = useTranslation()
  if (account.collect_status === COLLECT_STATUS.FAILED) {
    return (
      <Space direction="vertical" size={2}>
        <Tag color="red">{t('creators.collection.failed')}</Tag>
        <CollectError
          code={account.collect_error_code}
          detail={account.collect_error_detail}
          text={account.collect_error}
        />
        <Line
          label={t('creators.collection.failed_at')}
          value={formatDate(account.collect_failed_at)}
        />
        <Line label={t('creators.collection.last')} value={formatDate(account.last_collected_at)} />
      </Space>
    )
  }
  if (!account.last_collected_at) return <Tag>{t('creators.collection.never')}</Tag>
  return (
    <Space direction="vertical" size={2}>
      <Tag color="green">{t('creators.collection.ok')}</Tag>
      <Line label={t('creators.collection.last')} value={formatDate(account.last_collected_at)} />
    </Space>
  )
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {label}: <Typography.Text style={{ fontSize: 12 }}>{value}</Typography.Text>
    </Typography.Text>
  )
}

/** Contract, and per platform the token and cookie: state, dates, what is about to lapse. */
export function StatusTable({ creator }: { creator: Creator }) {
  const { t } = useTranslation()
  return (
    <Card
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('creators.detail.status_title')}
        </Space>
      }
      data-testid="status-table"
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('creators.fields.contract_status')}>
          <ContractStatusTag creator={creator} />
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.contract_date')}>
          {formatDate(creator.contract_date)}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.end_date')}>
          {formatDate(creator.end_date)}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.cancel_date')}>
          {formatDate(creator.cancel_date)}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.has_authorization_doc')}>
          {t(creator.has_authorization_doc ? 'common.yes' : 'common.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.baidu_app_id')}>
          {creator.baidu_app_id ?? t('common.none')}
          {creator.baidu_token_present && (
            <Tag style={{ marginInlineStart: 8 }}>{t('creators.status.token_set')}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
      <StaticTable<PlatformAccount>
        rowKey="platform"
        dataSource={creator.accounts ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: t('creators.detail.no_accounts') }}
        columns={[
          {
            key: 'platform',
            title: `${t('creators.fields.platform')} / ${t('creators.fields.uid')}`,
            render: (_, account) => (
              <Space direction="vertical" size={2}>
                <Space size={6} style={{ whiteSpace: 'nowrap' }}>
                  <PlatformLogo platform={account.platform} />
                  {t(`enum.platform.${account.platform}`)}
                </Space>
                <Typography.Text
                  type="secondary"
                  copyable={account.uid ? { text: account.uid } : false}
                  style={{ fontSize: 12, whiteSpace: 'nowrap' }}
                >
                  {account.uid ?? t('common.none')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'token',
            title: t('creators.status.token'),
            render: (_, account) => (
              <Space direction="vertical" size={2}>
                <Space size={4} wrap>
                  <AccessTag status={account.token_status} present={account.token_present} />
                  {account.token_expiring && (
                    <Tag color="orange">{t('creators.status.expiring')}</Tag>
                  )}
                  {account.token_hint && (
                    <Tooltip title={t('creators.status.token_hint')}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {account.token_hint}
                      </Typography.Text>
                    </Tooltip>
                  )}
                </Space>
                <Line
                  label={t('creators.fields.token_connected_at')}
                  value={formatDate(account.token_connected_at)}
                />
                <Line
                  label={t('creators.fields.token_expires_at')}
                  value={
                    account.token_expires_at
                      ? formatDate(account.token_expires_at)
                      : t('creators.status.no_renewal')
                  }
                />
              </Space>
            ),
          },
          {
            key: 'cookie',
            title: t('creators.status.cookie'),
            render: (_, account) => (
              <Space direction="vertical" size={2}>
                <Space size={4} wrap>
                  <AccessTag status={account.cookie_status} present={account.cookie_present} />
                  {account.cookie_recheck_due && (
                    <Tag color="orange">{t('creators.status.recheck_due')}</Tag>
                  )}
                </Space>
                <Line
                  label={t('creators.fields.cookie_entered_at')}
                  value={formatDate(account.cookie_entered_at)}
                />
                <Line
                  label={t('creators.fields.cookie_checked_at')}
                  value={formatDate(account.cookie_checked_at)}
                />
                <Line
                  label={t('creators.fields.cookie_recheck_due_at')}
                  value={formatDate(account.cookie_recheck_due_at)}
                />
              </Space>
            ),
          },
          {
            key: 'collection',
            title: t('creators.collection.title'),
            render: (_, account) => (
              <Space direction="vertical" size={6}>
                <CollectionState account={account} />
                <PlatformExportAction creatorId={creator.id} account={account} />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  )
}
