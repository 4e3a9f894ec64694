import { useMemo } from 'react'
import { useCan, useCustom } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import { Card, Select, Space, Tag, Tooltip, Typography } from 'antd'
import { ArrowLeftOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { LOGIN_GROUPS, type LoginCheckResult, type LoginGroup } from '@shared/login_health'
import { useQueryPatch } from '../../lib/use-query-patch'
import { useDateTimeFormat } from '../../lib/format'
import { ListTable } from '../../components/list-table'
import { nowrap } from '../../lib/table'
import { LoginHealthSummaryTable, type LoginHealthSummary } from './summary'
import { CheckNow } from './check-now'
import { ScreenSkeleton } from '../../components/layout/screen-skeleton'
import NoPermission from '../../components/no-permission'

/*
| /app/alert_dashboard/logins — the account-health centre: every stored login
| (token or cookie) the user may see, grouped refused / lapsing / works /
| unchecked, with counts per platform, the action that fixes each one (on the
| creator's edit tab of that platform) and "check now" for the visible rows.
*/

interface LoginHealthRow {
  id: number
  platform: string
  uid: string | null
  channel_name: string | null
  login: 'token' | 'cookie'
  group: LoginGroup
  expires_at: string | null
  checked_at: string | null
  result: LoginCheckResult | null
  error: string | null
  action: 'reconnect' | 'new_cookie'
  creator: { id: number; name: string; brand_no: string }
  in_charge: { id: number; name: string } | null
  team: string | null
}

const GROUP_COLORS: Record<LoginGroup, string> = {
  refused: 'red',
  lapsing: 'orange',
  works: 'green',
  unchecked: 'default',
}
const RESULT_COLORS: Record<LoginCheckResult, string> = {
  works: 'green',
  refused: 'red',
  captcha: 'volcano',
  unknown: 'default',
}

function LoginHealthList() {
  const { t } = useTranslation()
  const [params, patch] = useQueryPatch()
  const dateTime = useDateTimeFormat()
  const { data: canCheck } = useCan({ resource: 'login_health', action: 'check' })
  const platform = params.get('platform') ?? undefined
  const group = params.get('group') ?? undefined
  const permanent = useMemo(
    () =>
      Object.entries({ platform, group })
        .filter(([, value]) => value)
        .map(([field, value]) => ({ field, operator: 'eq' as const, value })),
    [platform, group]
  )

  const { tableProps, tableQuery } = useTable<LoginHealthRow>({
    resource: 'login_health',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent },
  })
  const { query: summaryQuery } = useCustom<LoginHealthSummary>({
    url: '/api/login_health/summary',
    method: 'get',
  })
  const refresh = async () => {
    await Promise.all([tableQuery.refetch(), summaryQuery.refetch()])
  }
  const visibleIds = (tableProps.dataSource ?? []).map((row) => row.id)

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={t('login_health.summary.title')}
        extra={
          <Typography.Text type="secondary" data-testid="login-health-last-check">
            {t('login_health.summary.last_check', {
              time: dateTime(summaryQuery.data?.data.last_checked_at),
            })}
          </Typography.Text>
        }
      >
        <LoginHealthSummaryTable
          summary={summaryQuery.data?.data}
          loading={summaryQuery.isLoading}
          onPick={(picked) => patch(picked)}
        />
      </Card>
      <Card
        title={
          <Space>
            <Link to="/app/alert_dashboard" aria-label={t('menu.alert_dashboard')}>
              <ArrowLeftOutlined />
            </Link>
            {t('login_health.title')}
          </Space>
        }
        extra={canCheck?.can && <CheckNow ids={visibleIds} onDone={() => void refresh()} />}
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('login_health.platform')}
            value={platform}
            onChange={(value) => patch({ platform: value })}
            options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
            data-testid="login-health-platform"
          />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('login_health.group')}
            value={group}
            onChange={(value) => patch({ group: value })}
            options={LOGIN_GROUPS.map((key) => ({
              value: key,
              label: t(`login_health.groups.${key}`),
            }))}
            data-testid="login-health-group"
          />
        </Space>
        <ListTable<LoginHealthRow>
          {...tableProps}
          testId="login-health-table"
          empty={t('login_health.empty')}
          scroll={{ x: 'max-content' }}
        >
          <ListTable.Column<LoginHealthRow>
            title={t('login_health.creator')}
            render={(_, row) => (
              <Space direction="vertical" size={0}>
                <Link to={`/app/creator_info?id=${row.creator.id}`}>{row.creator.name}</Link>
                {row.channel_name && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.channel_name}
                  </Typography.Text>
                )}
              </Space>
            )}
          />
          <ListTable.Column<LoginHealthRow>
            dataIndex="platform"
            title={t('login_health.platform')}
            onHeaderCell={nowrap}
            onCell={nowrap}
            render={(value: string, row) => (
              <Space direction="vertical" size={0}>
                {t(`enum.platform.${value}`, { defaultValue: value })}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`login_health.logins.${row.login}`)}
                </Typography.Text>
              </Space>
            )}
          />
          <ListTable.Column<LoginHealthRow>
            dataIndex="group"
            title={t('login_health.group')}
            onHeaderCell={nowrap}
            render={(value: LoginGroup) => (
              <Tag color={GROUP_COLORS[value]}>{t(`login_health.groups.${value}`)}</Tag>
            )}
          />
          <ListTable.Column<LoginHealthRow>
            dataIndex="expires_at"
            title={t('login_health.expires_at')}
            onHeaderCell={nowrap}
            onCell={nowrap}
            render={(value: string | null) => dateTime(value)}
          />
          <ListTable.Column<LoginHealthRow>
            dataIndex="checked_at"
            title={t('login_health.checked_at')}
            onHeaderCell={nowrap}
            onCell={nowrap}
            render={(value: string | null) => dateTime(value)}
          />
          <ListTable.Column<LoginHealthRow>
            dataIndex="result"
            title={t('login_health.result')}
            onHeaderCell={nowrap}
            render={(value: LoginCheckResult | null, row) =>
              value ? (
                <Tooltip title={row.error ?? undefined}>
                  <Tag color={RESULT_COLORS[value]}>{t(`login_health.results.${value}`)}</Tag>
                </Tooltip>
              ) : (
                '—'
              )
            }
          />
          <ListTable.Column<LoginHealthRow>
            title={t('login_health.in_charge')}
            onHeaderCell={nowrap}
            render={(_, row) => (
              <Space direction="vertical" size={0}>
                {row.in_charge?.name ?? '—'}
                {row.team && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`enum.team.${row.team}`, { defaultValue: row.team })}
                  </Typography.Text>
                )}
              </Space>
            )}
          />
          <ListTable.Column<LoginHealthRow>
            title={t('login_health.action')}
            onCell={nowrap}
            render={(_, row) => (
              <Link
                to={`/app/modify_creator?id=${row.creator.id}&tab=${row.platform}`}
                data-testid={`login-health-fix-${row.id}`}
              >
                {t(`login_health.actions.${row.action}`)}
              </Link>
            )}
          />
        </ListTable>
      </Card>
    </Space>
  )
}

/** The screen itself: for who may `view` login_health (the route asks only for the alert dashboard). */
export function LoginHealthPage() {
  const { data, isPending } = useCan({ resource: 'login_health', action: 'view' })
  if (isPending) return <ScreenSkeleton />
  return data?.can ? <LoginHealthList /> : <NoPermission />
}

export default LoginHealthPage
