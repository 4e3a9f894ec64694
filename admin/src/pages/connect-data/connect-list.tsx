import { useCan, useCustomMutation } from '@refinedev/core'
import { Button, Popconfirm, Space, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { ConnectKind } from '@shared/connect_data'
import { ListTable } from '../../components/list-table'
import { useDateTimeFormat, useNumberFormat } from '../../lib/format'
import { useSaveFeedback } from '../../lib/feedback'
import { nowrap } from '../../lib/table'
import { STATE_COLORS, type ConnectRow } from './types'

/** The connects of one kind with their state; a pending one is confirmed or reverted here. */
export function ConnectList({
  kind,
  tableProps,
  onChanged,
}: {
  kind: ConnectKind
  tableProps: React.ComponentProps<typeof ListTable<ConnectRow>>
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const dateTime = useDateTimeFormat()
  const { format } = useNumberFormat()
  const feedback = useSaveFeedback()
  const { data: canConfirm } = useCan({ resource: 'connect_data', action: 'confirm' })
  const { data: canRevert } = useCan({ resource: 'connect_data', action: 'revert' })
  const { mutate, mutation } = useCustomMutation()
  const act = (row: ConnectRow, step: 'confirm' | 'revert') =>
    mutate(
      {
        url: `/api/connect_data/${row.id}/${step}`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          feedback.succeeded(t(`connect_data.done.${step}`))
          onChanged()
        },
        onError: (error) => void feedback.failed(error),
      }
    )

  return (
    <ListTable<ConnectRow>
      {...tableProps}
      testId="connect-list"
      empty={t('connect_data.empty')}
      scroll={{ x: 'max-content' }}
    >
      <ListTable.Column<ConnectRow>
        title={t(`connect_data.${kind}.outside`)}
        render={(_, row) =>
          row.outside_creator ? (
            <Space direction="vertical" size={0}>
              <Link to={`/app/outside_creator?id=${row.outside_creator.id}`}>
                {row.outside_creator.name || row.outside_creator.uid}
              </Link>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`enum.platform.${row.platform}`, { defaultValue: row.platform })} ·{' '}
                {row.outside_creator.uid}
              </Typography.Text>
            </Space>
          ) : row.outside_video ? (
            <Space direction="vertical" size={0}>
              <Link to={`/app/outside_video?id=${row.outside_video.id}`}>
                {row.outside_video.title || row.outside_video.platform_video_id}
              </Link>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`enum.platform.${row.platform}`, { defaultValue: row.platform })}
              </Typography.Text>
            </Space>
          ) : (
            '—'
          )
        }
      />
      <ListTable.Column<ConnectRow>
        title={t(`connect_data.${kind}.managed`)}
        render={(_, row) => (
          <Space direction="vertical" size={0}>
            {row.creator ? (
              <Link
                to={`/app/creator_info?id=${row.creator.id}`}
                data-testid={`connect-creator-${row.id}`}
              >
                {row.creator.name}
              </Link>
            ) : (
              '—'
            )}
            {row.video && (
              <Link to={`/app/video_detailSection?id=${row.video.id}`}>
                {row.video.title || row.video.platform_video_id}
              </Link>
            )}
            {row.created_creator && <Tag>{t('connect_data.created_creator')}</Tag>}
          </Space>
        )}
      />
      <ListTable.Column<ConnectRow>
        dataIndex="state"
        title={t('connect_data.fields.state')}
        onHeaderCell={nowrap}
        render={(value: ConnectRow['state'], row) => (
          <Tag color={STATE_COLORS[value]} data-testid={`connect-state-${row.id}`}>
            {t(`connect_data.states.${value}`)}
          </Tag>
        )}
      />
      <ListTable.Column<ConnectRow>
        title={t('connect_data.fields.rows')}
        onHeaderCell={nowrap}
        onCell={nowrap}
        render={(_, row) =>
          t('connect_data.rows', { moved: format(row.rows_moved), kept: format(row.rows_kept) })
        }
      />
      <ListTable.Column<ConnectRow>
        title={t('connect_data.fields.days')}
        onHeaderCell={nowrap}
        onCell={nowrap}
        render={(_, row) => (row.first_day ? `${row.first_day} – ${row.last_day}` : '—')}
      />
      <ListTable.Column<ConnectRow>
        title={t('connect_data.fields.by')}
        onHeaderCell={nowrap}
        onCell={nowrap}
        render={(_, row) => (
          <Space direction="vertical" size={0}>
            {row.user?.name ?? '—'}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dateTime(row.created_at)}
            </Typography.Text>
          </Space>
        )}
      />
      <ListTable.Column<ConnectRow>
        title={t('connect_data.fields.actions')}
        onCell={nowrap}
        render={(_, row) =>
          row.state === 'pending' && (
            <Space>
              {canConfirm?.can && (
                <Popconfirm
                  title={t('connect_data.confirm_question')}
                  okText={t('connect_data.confirm')}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => act(row, 'confirm')}
                >
                  <Button
                    size="small"
                    type="primary"
                    loading={mutation.isPending}
                    data-testid={`connect-confirm-${row.id}`}
                  >
                    {t('connect_data.confirm')}
                  </Button>
                </Popconfirm>
              )}
              {canRevert?.can && (
                <Popconfirm
                  title={t('connect_data.revert_question')}
                  okText={t('connect_data.revert')}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => act(row, 'revert')}
                >
                  <Button
                    size="small"
                    danger
                    loading={mutation.isPending}
                    data-testid={`connect-revert-${row.id}`}
                  >
                    {t('connect_data.revert')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )
        }
      />
    </ListTable>
  )
}
