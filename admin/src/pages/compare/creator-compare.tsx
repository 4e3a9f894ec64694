import { Link } from 'react-router'
import { useMany } from '@refinedev/core'
import { Button, Card, Empty, Space, Tag, Typography } from 'antd'
import { ClearOutlined, CloseOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { COMPARE_MAX, useCompare } from '../../lib/compare'
import { KIND_COLOR } from '../../lib/colors'
import type { CreatorListItem } from '../../resources/creators/types'
import { useMetricFormat } from '../../lib/format'
import { ChartPanel } from './components/chart-panel'
import { SideBySide } from './components/side-by-side'
import { useCreatorDetails } from './lib/details'
import { useEffectiveRange, usePanelParams } from './lib/params'

/**
 * /app/creator_compare — the creators of the compare tray (kept in this
 * browser, filled from the detail screens) in the chart panel, and their
 * current figures per platform side by side. Picking or removing creators
 * here changes the tray.
 */
function CreatorCompare() {
  const { t } = useTranslation()
  const format = useMetricFormat()
  const { ids, toggle, clear } = useCompare()
  const { state, update } = usePanelParams()
  const range = useEffectiveRange(state)
  const { result } = useMany<CreatorListItem>({
    resource: 'creators',
    ids,
    queryOptions: { enabled: ids.length > 0, placeholderData: (previous) => previous },
    errorNotification: false,
  })
  const byId = new Map((result?.data ?? []).map((item) => [item.id, item]))
  const creators = ids.map((id) => ({
    id,
    name: byId.get(id)?.channel_name ?? `#${id}`,
    item: byId.get(id),
  }))
  const details = useCreatorDetails(ids, range[0], range[1])

  /** The picker edits the tray: removed ids leave it, new ones join it. */
  const setTray = (next: number[]) => {
    for (const id of ids) if (!next.includes(id)) toggle(id)
    for (const id of next) if (!ids.includes(id)) toggle(id)
  }

  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      data-testid="creator-compare"
    >
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu.creator_compare')}
      </Typography.Title>
      <Card
        size="small"
        title={t('creator_compare.tray_title', { n: ids.length, max: COMPARE_MAX })}
        extra={
          <Button
            size="small"
            icon={<ClearOutlined />}
            onClick={clear}
            disabled={!ids.length}
            data-testid="tray-clear"
          >
            {t('creators.compare.clear')}
          </Button>
        }
        data-testid="compare-tray-card"
      >
        {ids.length ? (
          <Space wrap>
            {creators.map((creator) => (
              <Tag
                key={creator.id}
                closable
                closeIcon={
                  <CloseOutlined
                    aria-label={t('creators.compare.remove')}
                    data-testid={`tray-remove-${creator.id}`}
                  />
                }
                onClose={(event) => {
                  event.preventDefault()
                  toggle(creator.id)
                }}
                color={creator.item ? KIND_COLOR[creator.item.kind] : undefined}
                style={{ padding: '4px 8px', fontSize: 13 }}
                data-testid="tray-creator"
              >
                <Link to={`/app/creator_info?id=${creator.id}`}>{creator.name}</Link>
                {creator.item?.brand_no ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
                    {creator.item.brand_no}
                  </Typography.Text>
                ) : null}
              </Tag>
            ))}
          </Space>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('creators.compare.empty')}
            data-testid="tray-empty"
          >
            <Link to="/app/customers">
              <Button type="primary">{t('creator_compare.pick')}</Button>
            </Link>
          </Empty>
        )}
      </Card>
      {ids.length > 0 && (
        <SideBySide creators={creators} {...details} range={range} format={format} />
      )}
      <ChartPanel
        state={state}
        update={update}
        creators={ids}
        onCreatorsChange={setTray}
        maxCreators={COMPARE_MAX}
      />
    </div>
  )
}

export default CreatorCompare
