import { useMemo } from 'react'
import { useTable } from '@refinedev/antd'
import { Button, Card, Select, Space, Typography } from 'antd'
import { CloseOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PLATFORMS, TEAMS } from '@shared/constants'
import { GROWTH_BOARD_DAYS, GROWTH_BOARD_FLAG_FILTERS } from '@shared/growth'
import { GROWTH_WINDOWS } from '@shared/videos'
import { ListTable } from '../../components/list-table'
import { PlatformLogo } from '../../components/platform-badge'
import { PageFrame } from '../../components/page-frame'
import { useCreatorSelect } from '../../lib/use-creator-select'
import { useDateTimeFormat } from '../../lib/format'
import { useQueryPatch } from '../../lib/use-query-patch'
import { nowrap } from '../../lib/table'
import { CreatorAnalysis } from './creator-analysis'
import { GrowthCurve } from './growth-curve'
import { FlagTags, WindowCell } from './window-cell'
import type { BoardRow } from './types'

const DAY_CHOICES = [3, GROWTH_BOARD_DAYS.default, 14, GROWTH_BOARD_DAYS.max]
const FILTERS = ['days', 'platform', 'team', 'flag', 'creator_id'] as const

/**
 * /app/data_analysis (SPEC §2 GrowthHacking Board, and the creator
 * data-analysis screen): every video uploaded in the last days with its
 * 6, 12, 24, 48 and 60-hour windows against its creator's median at the
 * same ages — pending windows shown as pending, late ones with their real
 * age, out- and under-performers flagged and filterable. With a creator
 * picked (?creator_id=) the creator's median table and each of its new
 * videos' curves against it come first. Every choice lives in the address.
 */
function GrowthBoard() {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  const [params, patch] = useQueryPatch()
  const filters = useMemo(
    () => Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? undefined])),
    [params]
  )
  const creatorId = Number(filters.creator_id) || null
  const days = Number(filters.days) || GROWTH_BOARD_DAYS.default

  const { tableProps, tableQuery } = useTable<BoardRow>({
    resource: 'growth-board',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: {
      permanent: Object.entries(filters)
        .filter(([, value]) => value !== undefined)
        .map(([field, value]) => ({ field, operator: 'eq' as const, value })),
    },
    errorNotification: false,
  })
  const rows = useMemo(() => tableQuery.data?.data ?? [], [tableQuery.data])
  const known = rows.find((row) => row.creator.id === creatorId)?.creator
  const creators = useCreatorSelect({
    known: known ? { id: known.id, name: known.channel_name ?? String(known.id) } : null,
  })
  const creatorName =
    known?.channel_name ??
    (creators.options?.find((option) => option.value === creatorId)?.label as string | undefined)

  return (
    <PageFrame
      testId="growth-board"
      title={
        creatorId && creatorName
          ? t('growth.analysis_title', { name: creatorName })
          : t('growth.title')
      }
      extra={
        <Space wrap>
          <Select
            style={{ width: 150 }}
            value={days}
            onChange={(value) =>
              patch({ days: value === GROWTH_BOARD_DAYS.default ? undefined : String(value) })
            }
            options={DAY_CHOICES.map((count) => ({
              value: count,
              label: t('growth.filters.days', { count }),
            }))}
            data-testid="growth-days"
          />
          <Select<number>
            {...creators}
            allowClear
            style={{ width: 200 }}
            placeholder={t('growth.filters.creator')}
            value={creatorId ?? undefined}
            onChange={(value) => patch({ creator_id: value ? String(value) : undefined })}
            data-testid="growth-creator"
          />
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('growth.filters.platform')}
            value={filters.platform}
            onChange={(value) => patch({ platform: value })}
            options={PLATFORMS.map((platform) => ({
              value: platform,
              label: t(`enum.platform.${platform}`),
            }))}
          />
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('growth.filters.team')}
            value={filters.team}
            onChange={(value) => patch({ team: value })}
            options={TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) }))}
          />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('growth.filters.flag')}
            value={filters.flag}
            onChange={(value) => patch({ flag: value })}
            options={GROWTH_BOARD_FLAG_FILTERS.map((flag) => ({
              value: flag,
              label: t(`growth.flags.${flag}`),
            }))}
            data-testid="growth-flag"
          />
          {creatorId && (
            <Button icon={<CloseOutlined />} onClick={() => patch({ creator_id: undefined })}>
              {t('growth.filters.all_creators')}
            </Button>
          )}
        </Space>
      }
    >
      {creatorId && <CreatorAnalysis rows={rows} loading={tableQuery.isLoading} />}

      <Card size="small">
        <ListTable<BoardRow>
          {...tableProps}
          testId="growth-table"
          empty={t('growth.empty', { count: days })}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (row) => (
              <GrowthCurve videos={[row]} height={220} testId={`growth-curve-${row.id}`} />
            ),
          }}
        >
          <ListTable.Column<BoardRow>
            title={t('growth.columns.video')}
            render={(_, row) => (
              <Space direction="vertical" size={0} style={{ maxWidth: 300 }}>
                <Space size={6} align="start">
                  <PlatformLogo platform={row.platform} size={16} />
                  <Link to={`/app/video_detailSection?id=${row.id}`}>
                    <Typography.Paragraph
                      ellipsis={{ rows: 2, tooltip: row.title }}
                      style={{ margin: 0, color: 'inherit' }}
                    >
                      {row.title}
                    </Typography.Paragraph>
                  </Link>
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {dateTime(row.published_at)}
                  {row.deleted_on && ` · ${t('growth.deleted', { day: row.deleted_on })}`}
                </Typography.Text>
              </Space>
            )}
          />
          {!creatorId && (
            <ListTable.Column<BoardRow>
              title={t('growth.columns.creator')}
              onHeaderCell={nowrap}
              render={(_, row) => (
                <Typography.Link
                  onClick={() => patch({ creator_id: String(row.creator.id) })}
                  data-testid={`growth-creator-${row.creator.id}`}
                >
                  {row.creator.channel_name ?? row.creator.brand_no}
                </Typography.Link>
              )}
            />
          )}
          {GROWTH_WINDOWS.map((hours) => (
            <ListTable.Column<BoardRow>
              key={hours}
              title={t('growth.window', { hours })}
              align="right"
              onHeaderCell={nowrap}
              render={(_, row) => (
                <WindowCell
                  point={row.growth.points.find((point) => point.window_hours === hours)}
                  flag={row.growth.flags.find((flag) => flag.window_hours === hours)}
                />
              )}
            />
          ))}
          <ListTable.Column<BoardRow>
            title={t('growth.columns.flags')}
            onHeaderCell={nowrap}
            render={(_, row) =>
              row.growth.points.length ? (
                <FlagTags flags={row.growth.flags} />
              ) : (
                <Typography.Text type="secondary">{t('growth.not_tracked')}</Typography.Text>
              )
            }
          />
        </ListTable>
      </Card>
    </PageFrame>
  )
}

export default GrowthBoard
