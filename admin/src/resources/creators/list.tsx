import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { Link } from 'react-router'
import {
  CanAccess,
  useCan,
  useCustom,
  useInvalidate,
  useNavigation,
  type CrudFilter,
} from '@refinedev/core'
import { CreateButton, getDefaultSortOrder, useTable } from '@refinedev/antd'
import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd'
import {
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  StarOutlined,
  UploadOutlined,
  WarningFilled,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { CreatorListItem, CreatorSummary } from './types'
import { DownloadButton } from '../../components/download-button'
import { useNumberFormat } from '../../lib/format'
import { KIND_COLOR } from '../../lib/colors'
import { InitialAvatar } from '../../components/initial-avatar'
import { SummaryCards, type SummaryKey } from './components/summary-cards'
import { TokenStrip } from './components/token-strip'
import { FILTER_FIELDS, ListFilters, type FilterValues } from './components/list-filters'
import { PlatformStatusTag } from '../../components/platform-badge'
import { FavoriteStar } from './components/favorite-star'
import { CompareTray } from './components/compare-tray'
import { DeleteCreatorButton } from './components/delete-creator-button'
import { GuardedButton } from '../../components/guarded-button'
import { ListTable } from '../../components/list-table'
import { nowrap, nowrapCells } from '../../lib/table'

/** The workbook import (upload, progress, its report): fetched when first opened. */
const ImportModal = lazy(() =>
  import('./components/import-modal').then((module) => ({ default: module.ImportModal }))
)

/**
 * A row's detail or edit button: a link with an icon, its name as the title.
 * The list asks once whether they are allowed and where they lead (Refine's
 * navigation), not once per row: Refine's own buttons set up their
 * navigation, access and translation hooks in every row.
 */
function RowLinkButton({ to, icon, title }: { to: string; icon: React.ReactNode; title: string }) {
  return (
    <Link to={to}>
      <Button size="small" icon={icon} title={title} aria-label={title} />
    </Link>
  )
}
/** The creator screens carry the id in the query string. */
const rowMeta = (id: number) => ({ query: { id } })
const TEMPLATE = { url: '/api/creators/template', fileName: 'creators-template.xlsx' }
const EXPORT = { url: '/api/creators/export', fileName: 'creators.xlsx' }

function valuesOf(filters: CrudFilter[]): FilterValues {
  const values: FilterValues = {}
  for (const filter of filters) {
    if (
      'field' in filter &&
      (FILTER_FIELDS as readonly string[]).includes(filter.field) &&
      filter.value !== undefined &&
      filter.value !== ''
    ) {
      values[filter.field as keyof FilterValues] = String(filter.value)
    }
  }
  return values
}

/** /app/customers: the creators, searched, filtered, sorted and paged on the server. */
export function CreatorList() {
  const { t } = useTranslation()
  const { format } = useNumberFormat()
  const invalidate = useInvalidate()
  const [importOpen, setImportOpen] = useState(false)
  // Mounted from its first opening on, so that it closes with its animation.
  const [importUsed, setImportUsed] = useState(false)

  const { tableProps, filters, setFilters, sorters, setCurrentPage, tableQuery } =
    useTable<CreatorListItem>({
      resource: 'creators',
      pagination: { pageSize: 20 },
      sorters: { initial: [{ field: 'id', order: 'desc' }] },
      syncWithLocation: true,
    })
  const { query: summaryQuery } = useCustom<CreatorSummary>({
    url: '/api/creators/summary',
    method: 'get',
  })
  const summary = summaryQuery.data?.data
  const values = useMemo(() => valuesOf(filters), [filters])

  const apply = (patch: FilterValues) => {
    const next = { ...patch }
    if ('platform' in next && !next.platform) next.token_status = undefined
    setFilters(
      Object.entries(next).map(([field, value]) => ({
        field,
        operator: 'eq' as const,
        value: value || undefined,
      })),
      'merge'
    )
    setCurrentPage(1)
  }
  const clear = () => {
    setFilters([], 'replace')
    setCurrentPage(1)
  }

  const pickSummary = (key: SummaryKey) => {
    if (key === 'total') return clear()
    if (key === 'CR' || key === 'IP' || key === 'CH')
      return apply({ kind: values.kind === key ? undefined : key })
    if (key === 'new') return apply({ new: values.new === '1' ? undefined : '1' })
    if (key === 'failing') return apply({ failing: values.failing === '1' ? undefined : '1' })
    if (key === 'terminated')
      return apply({
        contract_status: values.contract_status === 'terminated' ? undefined : 'terminated',
      })
  }

  const refetchSummary = summaryQuery.refetch
  const refresh = useCallback(() => {
    invalidate({ resource: 'creators', invalidates: ['list'] })
    void refetchSummary()
  }, [invalidate, refetchSummary])

  /** The export follows the list: its filters and its order. */
  const exportQuery = () => ({
    ...(values as Record<string, string>),
    ...(sorters[0] ? { _sort: sorters[0].field, _order: sorters[0].order } : {}),
  })

  const total = tableQuery.data?.total ?? 0
  const canShow = useCan({ resource: 'creators', action: 'show' }).data?.can ?? false
  const canEdit = useCan({ resource: 'creators', action: 'edit' }).data?.can ?? false
  const canDelete = useCan({ resource: 'creators', action: 'delete' }).data?.can ?? false
  const { showUrl, editUrl } = useNavigation()

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <SummaryCards
        summary={summary}
        loading={summaryQuery.isLoading}
        onPick={pickSummary}
        active={{
          total: false,
          CR: values.kind === 'CR',
          IP: values.kind === 'IP',
          CH: values.kind === 'CH',
          new: values.new === '1',
          failing: values.failing === '1',
          terminated: values.contract_status === 'terminated',
        }}
      />
      <TokenStrip
        tokenStatus={summary?.token_status}
        selected={{ platform: values.platform, token_status: values.token_status }}
        onPick={(platform, status) =>
          apply(
            values.platform === platform && values.token_status === String(status)
              ? { platform: undefined }
              : { platform, token_status: String(status) }
          )
        }
      />
      <Card
        title={t('creators.titles.list')}
        extra={
          <Space wrap>
            <CompareTray />
            <DownloadButton
              {...TEMPLATE}
              icon={<FileExcelOutlined />}
              data-testid="download-template"
            >
              {t('creators.buttons.template')}
            </DownloadButton>
            <CanAccess resource="creators" action="export" fallback={null}>
              <DownloadButton {...EXPORT} query={exportQuery} data-testid="export">
                {t('creators.buttons.export')}
              </DownloadButton>
            </CanAccess>
            <GuardedButton
              resource="creators"
              action="import"
              icon={<UploadOutlined />}
              onClick={() => {
                setImportUsed(true)
                setImportOpen(true)
              }}
              data-testid="import"
            >
              {t('buttons.import')}
            </GuardedButton>
            <CreateButton resource="creators" data-testid="add-creator">
              {t('creators.buttons.add')}
            </CreateButton>
          </Space>
        }
      >
        <ListFilters values={values} tiers={summary?.tiers} onChange={apply} onClear={clear} />
        <ListTable
          {...tableProps}
          style={{ marginTop: 16 }}
          empty={t('errors.no_results')}
          pagination={{
            ...tableProps.pagination,
            showSizeChanger: true,
            showTotal: () => t('common.total', { count: total }),
          }}
          testId="creator-table"
        >
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            dataIndex="brand_no"
            title={t('creators.fields.brand_no')}
            sorter
            sortOrder={getDefaultSortOrder('brand_no', sorters)}
            render={(value) => (
              <Typography.Text copyable={{ text: value }} style={{ whiteSpace: 'nowrap' }}>
                {value}
              </Typography.Text>
            )}
          />
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            dataIndex="channel_name"
            title={t('creators.fields.channel_name')}
            onCell={() => ({ style: { minWidth: 200 } })}
            sorter
            sortOrder={getDefaultSortOrder('channel_name', sorters)}
            render={(_, record) => (
              <Space>
                <InitialAvatar id={record.id} name={record.channel_name} />
                <Space direction="vertical" size={0}>
                  <Link to={`/app/creator_info?id=${record.id}`} data-testid="creator-link">
                    <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                      {record.channel_name}
                    </Typography.Text>
                  </Link>
                  {record.channel_name_zh && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {record.channel_name_zh}
                    </Typography.Text>
                  )}
                </Space>
              </Space>
            )}
          />
          <ListTable.Column<CreatorListItem>
            dataIndex="contractor_name"
            title={t('creators.fields.contractor_name')}
            {...nowrapCells}
          />
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            dataIndex="kind"
            title={t('creators.fields.kind')}
            render={(kind: string) => (
              <Tooltip title={t(`enum.kind.${kind}`)}>
                <Tag color={KIND_COLOR[kind]}>{kind}</Tag>
              </Tooltip>
            )}
          />
          <ListTable.Column<CreatorListItem>
            dataIndex="category"
            title={t('creators.fields.category')}
            {...nowrapCells}
            render={(value: string) => t(`enum.category.${value}`, { defaultValue: value })}
          />
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            dataIndex="cp_team"
            title={t('creators.fields.cp_team')}
            onCell={nowrap}
            render={(team: CreatorListItem['cp_team']) =>
              team ? t(`enum.team.${team.key}`, { defaultValue: team.name }) : t('common.none')
            }
          />
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            dataIndex="total_fans"
            title={t('creators.fields.total_fans')}
            align="right"
            sorter
            sortOrder={getDefaultSortOrder('total_fans', sorters)}
            render={(value: number) => <Typography.Text strong>{format(value)}</Typography.Text>}
          />
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            dataIndex="accounts"
            title={t('creators.fields.platforms')}
            render={(accounts: CreatorListItem['accounts']) =>
              accounts?.length ? (
                <div style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, maxWidth: 150 }}>
                  {accounts.map((account) => (
                    <PlatformStatusTag key={account.platform} account={account} compact />
                  ))}
                </div>
              ) : (
                t('common.none')
              )
            }
          />
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            key="status"
            title={t('creators.fields.status')}
            render={(_, record) => (
              <Space size={4} wrap>
                {record.failing && (
                  <Tag color="error" icon={<WarningFilled />} data-testid="badge-failing">
                    {t('creators.badges.failing')}
                  </Tag>
                )}
                {record.is_new && (
                  <Tag color="success" data-testid="badge-new">
                    {t('creators.badges.new')}
                  </Tag>
                )}
                {record.contract_status === 'terminated' && (
                  <Tag>{t('enum.contract_status.terminated')}</Tag>
                )}
              </Space>
            )}
          />
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            dataIndex="favorite"
            title={
              <Tooltip title={t('creators.fields.favorite')}>
                <StarOutlined aria-label={t('creators.fields.favorite')} />
              </Tooltip>
            }
            align="center"
            render={(favorite: boolean, record) => (
              <FavoriteStar
                key={`${record.id}-${favorite}`}
                creatorId={record.id}
                favorite={favorite}
                onChange={() => {
                  if (values.favorite) refresh()
                }}
              />
            )}
          />
          <ListTable.Column<CreatorListItem>
            onHeaderCell={nowrap}
            key="actions"
            title={t('common.actions')}
            fixed="right"
            render={(_, record) => (
              <Space size={4}>
                {canShow && (
                  <RowLinkButton
                    to={showUrl('creators', record.id, rowMeta(record.id))}
                    icon={<EyeOutlined />}
                    title={t('buttons.show')}
                  />
                )}
                {canEdit && (
                  <RowLinkButton
                    to={editUrl('creators', record.id, rowMeta(record.id))}
                    icon={<EditOutlined />}
                    title={t('buttons.edit')}
                  />
                )}
                <DeleteCreatorButton
                  allowed={canDelete}
                  hideText
                  id={record.id}
                  name={record.channel_name}
                  onDeleted={refresh}
                />
              </Space>
            )}
          />
        </ListTable>
      </Card>
      {importUsed && (
        <Suspense fallback={null}>
          <ImportModal
            open={importOpen}
            onClose={() => setImportOpen(false)}
            onImported={refresh}
          />
        </Suspense>
      )}
    </Space>
  )
}

export default CreatorList
