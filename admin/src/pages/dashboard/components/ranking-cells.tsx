import { Link } from 'react-router'
import { Space, Typography } from 'antd'
import { TrophyFilled } from '@ant-design/icons'
import type { RankingListItem } from '../../../lib/metrics'
import { InitialAvatar } from '../../../components/initial-avatar'

/*
 * The rank and creator cells of the dashboards' rankings, in a file of their
 * own: the period ranking at the top of the page draws them without pulling
 * in the table of the creator ranking below the fold.
 */
const MEDALS = ['#f59f00', '#adb5bd', '#d9480f']

export function RankBadge({ rank }: { rank: number }) {
  if (rank <= 3)
    return (
      <TrophyFilled
        style={{ color: MEDALS[rank - 1], fontSize: 18 }}
        aria-label={String(rank)}
        data-rank={rank}
      />
    )
  return (
    <Typography.Text type="secondary" strong data-rank={rank}>
      {rank}
    </Typography.Text>
  )
}

/** A creator's name, Chinese name and number, linking to the creator's detail. */
export function CreatorCell({
  item,
}: {
  item: Pick<RankingListItem, 'creator_id' | 'channel_name' | 'channel_name_zh' | 'brand_no'>
}) {
  return (
    <Space size={8}>
      <InitialAvatar id={item.creator_id} name={item.channel_name} size="small" />
      <Space direction="vertical" size={0}>
        <Link to={`/app/creator_info?id=${item.creator_id}`} data-testid="ranking-creator">
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {item.channel_name}
          </Typography.Text>
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {[item.channel_name_zh, item.brand_no].filter(Boolean).join(' · ')}
        </Typography.Text>
      </Space>
    </Space>
  )
}
