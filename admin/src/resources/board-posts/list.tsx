import { useTable } from '@refinedev/antd'
import { Avatar, Button, Card, Input, Space, Tabs, Tag, Typography } from 'antd'
import { EditOutlined, PaperClipOutlined, PushpinFilled, UserOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useQueryPatch } from '../../lib/use-query-patch'
import type { BoardCategoryRight, BoardListItem } from './types'
import { ListTable } from '../../components/list-table'

const DRAFTS = 'drafts'
export const ALL = 'all'

/**
 * The board's posts: category tabs, search (Chinese, Korean, Japanese and
 * English alike), pinned notices first, my drafts. The tab and the search
 * live in the address (?tab=, ?q=); a row opens the post (?id=).
 */
export function BoardPostList({ categories }: { categories: BoardCategoryRight[] }) {
  const { t } = useTranslation()
  const [params, set] = useQueryPatch()
  const canWrite = categories.some((category) => category.can_write)
  const tab = params.get('tab') ?? ALL
  const q = params.get('q') ?? ''

  const { tableProps } = useTable<BoardListItem>({
    resource: 'board/posts',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: {
      permanent: [
        {
          field: 'category',
          operator: 'eq',
          value: tab !== ALL && tab !== DRAFTS ? tab : undefined,
        },
        { field: 'status', operator: 'eq', value: tab === DRAFTS ? 'draft' : undefined },
        { field: 'q', operator: 'eq', value: q || undefined },
      ],
    },
  })

  return (
    <Card
      title={t('menu.board')}
      extra={
        <Space>
          <Input.Search
            allowClear
            defaultValue={q}
            placeholder={t('board.search')}
            onSearch={(value) => set({ q: value.trim() || undefined })}
            style={{ width: 280 }}
            data-testid="board-search"
          />
          {canWrite && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => set({ write: '1' })}
              data-testid="board-write"
            >
              {t('board.write')}
            </Button>
          )}
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => set({ tab: key === ALL ? undefined : key })}
        items={[
          { key: ALL, label: t('board.all') },
          ...categories.map((category) => ({
            key: category.key,
            label: t(`board.categories.${category.key}`),
          })),
          ...(canWrite ? [{ key: DRAFTS, label: t('board.my_drafts') }] : []),
        ]}
      />
      <ListTable<BoardListItem>
        {...tableProps}
        testId="board-table"
        empty={q ? t('board.no_results') : t('board.empty')}
        onRow={(row) => ({
          onClick: () => set({ id: String(row.id) }),
          style: { cursor: 'pointer' },
        })}
      >
        <ListTable.Column<BoardListItem>
          title={t('board.title_field')}
          render={(_, row) => (
            <Space direction="vertical" size={0}>
              <Space size={6}>
                {row.pinned && (
                  <PushpinFilled style={{ color: '#fa541c' }} aria-label={t('board.pinned')} />
                )}
                <Typography.Text strong={row.pinned}>{row.title}</Typography.Text>
                {row.attachments > 0 && <PaperClipOutlined />}
                {row.status === 'draft' && <Tag color="orange">{t('board.draft')}</Tag>}
              </Space>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 560 }}>
                {row.excerpt}
              </Typography.Text>
            </Space>
          )}
        />
        <ListTable.Column<BoardListItem>
          dataIndex="category"
          title={t('board.category')}
          width={150}
          render={(value) => <Tag color="blue">{t(`board.categories.${value}`)}</Tag>}
        />
        <ListTable.Column<BoardListItem>
          title={t('board.author')}
          width={170}
          render={(_, row) => (
            <Space size={4}>
              <Avatar
                size="small"
                src={row.author?.avatar_url ?? undefined}
                icon={<UserOutlined />}
              />
              {row.author?.name ?? t('board.former_member')}
            </Space>
          )}
        />
        <ListTable.Column<BoardListItem>
          title={t('board.date')}
          width={150}
          render={(_, row) => dayjs(row.published_at ?? row.updated_at).format('YYYY-MM-DD HH:mm')}
        />
        <ListTable.Column<BoardListItem>
          dataIndex="views"
          title={t('board.views_column')}
          width={80}
          align="right"
        />
      </ListTable>
    </Card>
  )
}
