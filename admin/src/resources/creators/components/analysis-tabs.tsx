import { useMemo } from 'react'
import { Alert, Card, DatePicker, Empty, Space, Table, Tabs, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { DATA_REFRESH_HOUR, DEFAULT_WEEK_RANGE_DAYS } from '@shared/constants'
import type { PlatformAccount } from '../types'
import { useNumberFormat } from '../lib/format'
import { Chart } from './charts'
import { PlatformLogo } from './platform-badge'

/**
 * Data analysis / Trend / List by date range. The metrics issue feeds the
 * daily history; until then these tabs show what exists (the accounts'
 * fans per platform) and say plainly what is still to come.
 */
export function AnalysisTabs({ accounts }: { accounts: PlatformAccount[] }) {
  const { t } = useTranslation()
  const { format, compact } = useNumberFormat()
  const total = accounts.reduce((sum, account) => sum + (Number(account.fans) || 0), 0)
  const data = useMemo(
    () =>
      [...accounts]
        .sort((a, b) => Number(b.fans) - Number(a.fans))
        .map((account) => ({ label: t(`enum.platform.${account.platform}`), value: Number(account.fans) || 0 })),
    [accounts, t]
  )
  const pending = <Alert type="info" showIcon message={t('creators.analysis.pending', { hour: DATA_REFRESH_HOUR })} />

  return (
    <Card data-testid="analysis-tabs" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        items={[
          {
            key: 'analysis',
            label: t('creators.analysis.tabs.analysis'),
            children: (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <Typography.Text strong>{t('creators.analysis.fans_by_platform')}</Typography.Text>
                <Chart kind="bar" data={data} formatValue={format} formatAxis={compact} empty={t('creators.detail.no_accounts')} />
                <Table<PlatformAccount>
                  size="small"
                  rowKey="platform"
                  pagination={false}
                  dataSource={accounts}
                  locale={{ emptyText: t('creators.detail.no_accounts') }}
                  columns={[
                    {
                      key: 'platform',
                      title: t('creators.fields.platform'),
                      render: (_, account) => (
                        <Space size={6}>
                          <PlatformLogo platform={account.platform} />
                          {t(`enum.platform.${account.platform}`)}
                        </Space>
                      ),
                    },
                    { dataIndex: 'channel_name', title: t('creators.fields.channel_name'), render: (value) => value ?? t('common.none') },
                    { dataIndex: 'uid', title: t('creators.fields.uid'), render: (value) => value ?? t('common.none') },
                    { dataIndex: 'fans', title: t('creators.fields.fans'), align: 'right', render: (value) => format(value) },
                    {
                      key: 'share',
                      title: t('creators.analysis.share'),
                      align: 'right',
                      render: (_, account) => (total ? `${((Number(account.fans) / total) * 100).toFixed(1)}%` : t('common.none')),
                    },
                  ]}
                  summary={() =>
                    accounts.length ? (
                      <Table.Summary.Row>
                        <Table.Summary.Cell index={0} colSpan={3}>
                          <Typography.Text strong>{t('creators.fields.total_fans')}</Typography.Text>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={3} align="right">
                          <Typography.Text strong>{format(total)}</Typography.Text>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={4} />
                      </Table.Summary.Row>
                    ) : null
                  }
                />
                {pending}
              </Space>
            ),
          },
          {
            key: 'trend',
            label: t('creators.analysis.tabs.trend'),
            children: (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                {pending}
                <Empty description={t('creators.analysis.no_history')} />
              </Space>
            ),
          },
          {
            key: 'range',
            label: t('creators.analysis.tabs.range'),
            children: (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <DatePicker.RangePicker
                  disabled
                  defaultValue={[dayjs().subtract(DEFAULT_WEEK_RANGE_DAYS, 'day'), dayjs()]}
                  aria-label={t('creators.analysis.tabs.range')}
                />
                {pending}
                <Table
                  size="small"
                  pagination={false}
                  dataSource={[]}
                  locale={{ emptyText: t('creators.analysis.no_history') }}
                  columns={[
                    { key: 'date', title: t('creators.analysis.date') },
                    { key: 'platform', title: t('creators.fields.platform') },
                    { key: 'fans', title: t('creators.fields.fans') },
                    { key: 'views', title: t('creators.analysis.views') },
                    { key: 'videos', title: t('creators.analysis.videos') },
                  ]}
                />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  )
}
