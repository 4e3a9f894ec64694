import { useMemo } from 'react'
import { Card, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PlatformKey } from '@shared/constants'
import type { PlatformFigures } from '../../../lib/metrics'
import type { MetricFormat } from '../../../lib/format'
import { PlatformLogo } from '../../../components/platform-badge'
import { CreatorCell } from '../../data-center/components/creator-cell'
import { LoadState } from '../../../components/load-state'
import { StaticTable } from '../../../components/list-table'
import type { useCreatorDetails } from '../lib/details'

type Figures = Omit<PlatformFigures, 'platform' | 'source' | 'adapter'>

interface Row {
  key: string
  platform: PlatformKey | null
  cells: (Figures | null)[]
}

/** Fans and views with what they gained in the range, one column per creator, a row per platform and the total. */
export function SideBySide({
  creators,
  details,
  loading,
  error,
  range,
  format,
}: ReturnType<typeof useCreatorDetails> & {
  creators: { id: number; name: string }[]
  range: [string, string] | [null, null]
  format: MetricFormat
}) {
  const { t } = useTranslation()
  const rows = useMemo<Row[]>(() => {
    const byCreator = new Map(details.map((detail) => [detail.creator_id, detail]))
    const platforms = [
      ...new Set(details.flatMap((detail) => detail.platforms.map((item) => item.platform))),
    ]
    const total: Row = {
      key: 'total',
      platform: null,
      cells: creators.map((creator) => byCreator.get(creator.id)?.total ?? null),
    }
    return [
      total,
      ...platforms.map((platform) => ({
        key: platform,
        platform,
        cells: creators.map(
          (creator) =>
            byCreator.get(creator.id)?.platforms.find((item) => item.platform === platform) ?? null
        ),
      })),
    ]
  }, [creators, details])

  const cell = (figures: Figures | null, strong: boolean) =>
    figures ? (
      <Space direction="vertical" size={0} style={{ lineHeight: 1.35 }}>
        <Typography.Text strong={strong}>
          {t('creator_compare.fans_short')} {format.number(figures.fans)}{' '}
          <Typography.Text
            type={figures.fans_diff < 0 ? 'danger' : 'success'}
            style={{ fontSize: 12 }}
          >
            {format.signed(figures.fans_diff)}
          </Typography.Text>
        </Typography.Text>
        <Typography.Text strong={strong}>
          {t('creator_compare.views_short')} {format.compact(figures.views)}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {format.signed(figures.views_diff)}
          </Typography.Text>
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('data_center.columns.growth')} {format.signedPercent(figures.growth)}
        </Typography.Text>
      </Space>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    )

  return (
    <Card
      size="small"
      title={t('creator_compare.side_by_side')}
      extra={
        range[0] ? (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12 }}
          >{`${range[0]} ~ ${range[1]}`}</Typography.Text>
        ) : null
      }
      data-testid="side-by-side"
    >
      <LoadState loading={loading} error={error}>
        <StaticTable<Row>
          rowKey="key"
          dataSource={rows}
          scroll={{ x: 200 + creators.length * 200 }}
          columns={[
            {
              key: 'platform',
              title: t('data_center.platform.label'),
              fixed: 'left',
              width: 150,
              render: (_, row) =>
                row.platform ? (
                  <Space size={6}>
                    <PlatformLogo platform={row.platform} />
                    {t(`enum.platform.${row.platform}`)}
                  </Space>
                ) : (
                  <Typography.Text strong>{t('data_center.columns.total')}</Typography.Text>
                ),
            },
            ...creators.map((creator, index) => ({
              key: String(creator.id),
              title: (
                <CreatorCell
                  creator={{ creator_id: creator.id, channel_name: creator.name }}
                  showKind={false}
                />
              ),
              render: (_: unknown, row: Row) => cell(row.cells[index], row.platform === null),
            })),
          ]}
        />
      </LoadState>
    </Card>
  )
}
