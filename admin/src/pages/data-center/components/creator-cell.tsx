import { Link } from 'react-router'
import { Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { KIND_COLOR } from '../../../lib/colors'
import type { CreatorRef } from '../../../lib/metrics'

/** A creator's name linking to the detail screen, with the Chinese name under it when it differs. */
export function CreatorCell({
  creator,
  showKind = true,
}: {
  creator: Pick<CreatorRef, 'creator_id' | 'channel_name'> & Partial<CreatorRef>
  showKind?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Space size={6} align="start">
      {showKind && creator.kind && (
        <Tag
          color={KIND_COLOR[creator.kind]}
          style={{ marginInlineEnd: 0 }}
          title={t(`enum.kind.${creator.kind}`)}
        >
          {creator.kind}
        </Tag>
      )}
      <span style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.3 }}>
        <Link to={`/app/creator_info?id=${creator.creator_id}`} data-testid="creator-link">
          {creator.channel_name}
        </Link>
        {(creator.channel_name_zh && creator.channel_name_zh !== creator.channel_name) ||
        creator.brand_no ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[
              creator.brand_no,
              creator.channel_name_zh !== creator.channel_name ? creator.channel_name_zh : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        ) : null}
      </span>
    </Space>
  )
}
