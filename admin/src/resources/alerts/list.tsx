import { useMemo, useState } from 'react'
import { useCan, useCustom, useCustomMutation } from '@refinedev/core'
import { useSelect, useTable } from '@refinedev/antd'
import { Button, Card, Col, Row, Select, Space, Statistic, Tag, Tooltip, Typography } from 'antd'
import {
  CheckOutlined,
  CheckCircleOutlined,
  ControlOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useQueryPatch } from '../../lib/use-query-patch'
import { PLATFORMS, TEAMS } from '@shared/constants'
import { ALERT_KINDS, type AlertKind } from '@shared/alerts'
import { useSaveFeedback } from '../../lib/feedback'
import type { StudioUser } from '../../providers/identity'
import { RulesDrawer, useRulesDrawer } from './components/rules-drawer'
import { ListTable } from '../../components/list-table'
import { nowrap } from '../../lib/table'
import { CollectError } from '../../components/collect-error'

interface AlertRow {
  id: number
  kind: AlertKind
  severity: 'info' | 'warning' | 'critical'
  status: 'open' | 'acknowledged' | 'resolved'
  day: string
  platform: string | null
  figures: Record<string, number | string | null>
  creator: { id: number; name: string; brand_no: string } | null
  assignee: { id: number; name: string } | null
  acknowledged_by: { id: number; name: string } | null
  note: string | null
}

interface Summary {
  kinds: Record<AlertKind, { open: number; acknowledged: number }>
  mine: number
}

const SEVERITY_COLORS = { info: 'blue', warning: 'orange', critical: 'red' } as const
const STATUS_COLORS = { open: 'red', acknowledged: 'gold', resolved: 'green' } as const
const GROUPS: { key: string; kinds: AlertKind[] }[] = [
  { key: 'tokens', kinds: ['token_expiring', 'token_expired'] },
  { key: 'cookies', kinds: ['cookie_recheck', 'cookie_expired'] },
  { key: 'collections', kinds: ['collection_failed'] },
  { key: 'growth', kinds: ['follower_spike', 'follower_surge'] },
  { key: 'losses', kinds: ['follower_loss'] },
  { key: 'videos', kinds: ['video_surge', 'video_under'] },
  { key: 'uploads', kinds: ['upload_failed'] },
]

/**
 * /app/alert_dashboard: expiring tokens, cookies to recheck, failed
 * collections and follower jumps or losses; acknowledge, assign, resolve.
 */
export function AlertList() {
  const { t, i18n } = useTranslation()
  const [params, patch] = useQueryPatch()
  const [selected, setSelected] = useState<number[]>([])
  const { data: canScan } = useCan({ resource: 'alerts', action: 'scan' })
  const { data: canViewLogins } = useCan({ resource: 'login_health', action: 'view' })
  const feedback = useSaveFeedback()
  const filters = useMemo(
    () =>
      Object.fromEntries(
        ['kind', 'status', 'platform', 'team', 'assignee'].map((key) => [
          key,
          params.get(key) ?? undefined,
        ])
      ),
    [params]
  )
  const number = (value: unknown) => Number(value ?? 0).toLocaleString(i18n.language)

  const { tableProps, tableQuery } = useTable<AlertRow>({
    resource: 'alerts',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: {
      permanent: Object.entries(filters).map(([field, value]) => ({
        field,
        operator: 'eq' as const,
        value,
      })),
    },
  })
  const { query: summaryQuery } = useCustom<Summary>({ url: '/api/alerts/summary', method: 'get' })
  const summary = summaryQuery.data?.data
  const { selectProps: staff } = useSelect<StudioUser>({
    resource: 'users',
    optionValue: 'id',
    optionLabel: 'name',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    sorters: [{ field: 'name', order: 'asc' }],
  })

  const set = (changes: Record<string, string | undefined>) => {
    patch(changes)
    setSelected([])
  }
  const refresh = async () => {
    setSelected([])
    await Promise.all([tableQuery.refetch(), summaryQuery.refetch()])
  }
  const rules = useRulesDrawer(() => void refresh())

  /** POST to one of the alerts' actions, then the list and the counts again. */
  const { mutate: post } = useCustomMutation()
  const { mutate: runScan, mutation: scanning } = useCustomMutation<{
    created: number
    resolved: number
  }>()
  const act = (url: string, values: object, done?: string) =>
    post(
      { url, method: 'post', values, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          if (done) feedback.succeeded(done)
          void refresh()
        },
        onError: feedback.failed,
      }
    )
  const scan = () =>
    runScan(
      {
        url: '/api/alerts/scan',
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          feedback.succeeded(
            t('alerts.scan_done', { created: data.created, resolved: data.resolved })
          )
          void refresh()
        },
        onError: feedback.failed,
      }
    )

  const detail = (row: AlertRow) => {
    const f = row.figures
    switch (row.kind) {
      case 'token_expiring':
        return t('alerts.detail.token_expiring', {
          days: f.days_left,
          date: String(f.expires_at ?? '').slice(0, 10),
        })
      case 'token_expired':
        return t('alerts.detail.token_expired', { date: String(f.expires_at ?? '').slice(0, 10) })
      case 'cookie_recheck':
        return t('alerts.detail.cookie_recheck', { days: f.days })
      case 'cookie_expired':
        return t('alerts.detail.cookie_expired', { date: String(f.expires_at ?? '').slice(0, 10) })
      case 'collection_failed':
        return f.error_code || f.error ? (
          <CollectError
            code={f.error_code ? String(f.error_code) : null}
            detail={f.error === null || f.error === undefined ? null : String(f.error)}
            text={f.error_code ? null : String(f.error)}
          />
        ) : (
          t('alerts.detail.collection_failed')
        )
      case 'follower_spike':
        return t('alerts.detail.follower_spike', {
          change: number(f.change),
          ratio: f.ratio,
          average: number(f.average),
        })
      case 'follower_surge':
        return t('alerts.detail.follower_surge', {
          change: number(f.change),
          share: f.share_pct,
          before: number(f.before),
        })
      case 'follower_loss':
        return t('alerts.detail.follower_loss', {
          change: number(f.change),
          before: number(f.before),
        })
      case 'video_surge':
      case 'video_under':
        return t(`alerts.detail.${row.kind}`, {
          title: f.title,
          window: f.window_hours,
          views: number(f.views),
          median: number(f.median),
          ratio: f.ratio,
          videos: f.videos,
        })
      case 'upload_failed':
        return t('alerts.detail.upload_failed', {
          title: f.title,
          failed: String(f.failed ?? '')
            .split(',')
            .filter(Boolean)
            .map((platform) => t(`enum.platform.${platform}`, { defaultValue: platform }))
            .join(', '),
        })
    }
  }

  const groupCount = (kinds: AlertKind[]) =>
    kinds.reduce(
      (sum, kind) =>
        sum + (summary?.kinds[kind]?.open ?? 0) + (summary?.kinds[kind]?.acknowledged ?? 0),
      0
    )

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {GROUPS.map((group) => (
          <Col key={group.key} xs={12} md={6} xl={{ flex: '1 1 0' }}>
            <Card
              hoverable
              size="small"
              onClick={() =>
                set({
                  kind:
                    group.kinds.length === 1
                      ? group.kinds[0]
                      : filters.kind === group.kinds[0]
                        ? group.kinds[1]
                        : group.kinds[0],
                })
              }
              data-testid={`alert-card-${group.key}`}
            >
              <Statistic
                title={t(`alerts.groups.${group.key}`)}
                value={groupCount(group.kinds)}
                loading={summaryQuery.isLoading}
              />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={6} xl={{ flex: '1 1 0' }}>
          <Card
            hoverable
            size="small"
            onClick={() => set({ assignee: filters.assignee === 'me' ? undefined : 'me' })}
          >
            <Statistic
              title={t('alerts.groups.mine')}
              value={summary?.mine ?? 0}
              loading={summaryQuery.isLoading}
            />
          </Card>
        </Col>
      </Row>
      <Card
        title={t('menu.alert_dashboard')}
        extra={
          <Space>
            {canViewLogins?.can && (
              <Link to="/app/alert_dashboard/logins" data-testid="alert-login-health">
                <Button icon={<SafetyCertificateOutlined />}>{t('login_health.open')}</Button>
              </Link>
            )}
            <Button icon={<ControlOutlined />} onClick={rules.open}>
              {t('alerts.rules.title')}
            </Button>
            {canScan?.can && (
              <Button
                icon={<ReloadOutlined />}
                loading={scanning.isPending}
                onClick={scan}
                data-testid="alert-scan"
              >
                {t('alerts.scan')}
              </Button>
            )}
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            style={{ width: 170 }}
            value={filters.status ?? 'active'}
            onChange={(value) => set({ status: value === 'active' ? undefined : value })}
            options={['active', 'open', 'acknowledged', 'resolved'].map((status) => ({
              value: status,
              label: t(`alerts.status.${status}`),
            }))}
            data-testid="alert-status-filter"
          />
          <Select
            allowClear
            style={{ width: 210 }}
            placeholder={t('alerts.kind')}
            value={filters.kind}
            onChange={(value) => set({ kind: value })}
            options={ALERT_KINDS.map((kind) => ({ value: kind, label: t(`alerts.kinds.${kind}`) }))}
          />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('alerts.platform')}
            value={filters.platform}
            onChange={(value) => set({ platform: value })}
            options={PLATFORMS.map((platform) => ({
              value: platform,
              label: t(`enum.platform.${platform}`),
            }))}
          />
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('alerts.team')}
            value={filters.team}
            onChange={(value) => set({ team: value })}
            options={TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) }))}
          />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('alerts.assignee')}
            value={filters.assignee}
            onChange={(value) => set({ assignee: value })}
            options={[
              { value: 'me', label: t('alerts.assigned_to_me') },
              { value: 'none', label: t('alerts.unassigned') },
            ]}
          />
          {selected.length > 0 && (
            <>
              <Button
                icon={<CheckOutlined />}
                onClick={() =>
                  act(
                    '/api/alerts/bulk',
                    { ids: selected, action: 'acknowledge' },
                    t('alerts.done')
                  )
                }
              >
                {t('alerts.acknowledge_selected', { count: selected.length })}
              </Button>
              <Button
                icon={<CheckCircleOutlined />}
                onClick={() =>
                  act('/api/alerts/bulk', { ids: selected, action: 'resolve' }, t('alerts.done'))
                }
              >
                {t('alerts.resolve_selected', { count: selected.length })}
              </Button>
            </>
          )}
        </Space>
        <ListTable<AlertRow>
          {...tableProps}
          testId="alert-table"
          empty={t('alerts.empty')}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (row) => ({ disabled: row.status === 'resolved' }),
          }}
        >
          <ListTable.Column<AlertRow>
            dataIndex="severity"
            title={t('alerts.severity')}
            onHeaderCell={nowrap}
            render={(value: AlertRow['severity']) => (
              <Tag color={SEVERITY_COLORS[value]}>{t(`alerts.severities.${value}`)}</Tag>
            )}
          />
          <ListTable.Column<AlertRow>
            dataIndex="kind"
            title={t('alerts.kind')}
            onHeaderCell={nowrap}
            onCell={nowrap}
            render={(value) => t(`alerts.kinds.${value}`)}
          />
          <ListTable.Column<AlertRow>
            title={t('alerts.creator')}
            render={(_, row) => (
              <Space direction="vertical" size={0}>
                {row.creator ? (
                  <Link to={`/app/creator_info?id=${row.creator.id}`}>{row.creator.name}</Link>
                ) : (
                  '—'
                )}
                {row.platform && (
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                    {t(`enum.platform.${row.platform}`)}
                  </Typography.Text>
                )}
              </Space>
            )}
          />
          <ListTable.Column<AlertRow>
            dataIndex="day"
            title={t('alerts.day')}
            onHeaderCell={nowrap}
            onCell={nowrap}
          />
          <ListTable.Column<AlertRow>
            title={t('alerts.details')}
            render={(_, row) =>
              row.kind === 'collection_failed' ? (
                detail(row)
              ) : (
                <Typography.Text>{detail(row)}</Typography.Text>
              )
            }
          />
          <ListTable.Column<AlertRow>
            dataIndex="status"
            title={t('alerts.status_column')}
            onHeaderCell={nowrap}
            render={(value: AlertRow['status'], row) => (
              <Tooltip
                title={
                  row.note ??
                  (row.acknowledged_by
                    ? t('alerts.acknowledged_by', { name: row.acknowledged_by.name })
                    : undefined)
                }
              >
                <Tag color={STATUS_COLORS[value]}>{t(`alerts.status.${value}`)}</Tag>
              </Tooltip>
            )}
          />
          <ListTable.Column<AlertRow>
            title={t('alerts.assignee')}
            onHeaderCell={nowrap}
            render={(_, row) => (
              <Select
                size="small"
                allowClear
                style={{ width: 130 }}
                placeholder={t('alerts.unassigned')}
                value={row.assignee?.id}
                disabled={row.status === 'resolved'}
                onChange={(value) =>
                  act(`/api/alerts/${row.id}/assign`, { user_id: value ?? null })
                }
                options={staff.options}
                showSearch
                optionFilterProp="label"
              />
            )}
          />
          <ListTable.Column<AlertRow>
            onCell={nowrap}
            render={(_, row) =>
              row.status === 'resolved' ? null : (
                <Space size={4}>
                  {row.status === 'open' && (
                    <Button
                      size="small"
                      onClick={() =>
                        act(`/api/alerts/${row.id}/acknowledge`, {}, t('alerts.acknowledged'))
                      }
                      data-testid={`acknowledge-${row.id}`}
                    >
                      {t('alerts.acknowledge')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    type="link"
                    onClick={() => act(`/api/alerts/${row.id}/resolve`, {}, t('alerts.resolved'))}
                  >
                    {t('alerts.resolve')}
                  </Button>
                </Space>
              )
            }
          />
        </ListTable>
      </Card>
      <RulesDrawer drawer={rules} />
    </Space>
  )
}

export default AlertList
