import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { LOGIN_GROUPS, type LoginGroup } from '@shared/login_health'
import { StaticTable } from '../../components/list-table'

/**
 * The health centre's counts: one row per platform with stored logins and a
 * total row, one column per group; a count picks that platform and group as
 * the list's filters.
 */
export interface LoginHealthSummary {
  platforms: Record<string, Record<LoginGroup, number>>
  totals: Record<LoginGroup, number>
  last_checked_at: string | null
}

interface SummaryRow {
  key: string
  platform: string | null
  counts: Record<LoginGroup, number>
}

export function LoginHealthSummaryTable({
  summary,
  loading,
  onPick,
}: {
  summary: LoginHealthSummary | undefined
  loading: boolean
  onPick: (filters: { platform: string | undefined; group: string | undefined }) => void
}) {
  const { t } = useTranslation()
  const rows: SummaryRow[] = summary
    ? [
        ...Object.entries(summary.platforms).map(([platform, counts]) => ({
          key: platform,
          platform,
          counts,
        })),
        { key: 'total', platform: null, counts: summary.totals },
      ]
    : []
  return (
    <StaticTable<SummaryRow>
      dataSource={rows}
      loading={loading}
      rowKey="key"
      data-testid="login-health-summary"
      scroll={{ x: 'max-content' }}
    >
      <StaticTable.Column<SummaryRow>
        title={t('login_health.platform')}
        render={(_, row) =>
          row.platform ? (
            t(`enum.platform.${row.platform}`, { defaultValue: row.platform })
          ) : (
            <strong>{t('login_health.summary.total')}</strong>
          )
        }
      />
      {LOGIN_GROUPS.map((group) => (
        <StaticTable.Column<SummaryRow>
          key={group}
          align="right"
          title={t(`login_health.groups.${group}`)}
          render={(_, row) => {
            const count = row.counts[group] ?? 0
            return count ? (
              <Button
                type="link"
                size="small"
                danger={group === 'refused'}
                onClick={() => onPick({ platform: row.platform ?? undefined, group })}
              >
                {count.toLocaleString()}
              </Button>
            ) : (
              0
            )
          }}
        />
      ))}
    </StaticTable>
  )
}
