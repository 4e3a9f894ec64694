import { Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { COOKIE_NAMES, summarizeCookie } from '@shared/cookies'
import { formatDate } from '../../../lib/format'

/** Cookies listed by name before "+N more". */
const SHOWN = 6

/** Whether a pasted text is JSON (SPEC §5: a cookie is entered as JSON). */
export function isJson(value: string) {
  try {
    JSON.parse(value)
    return true
  } catch {
    return false
  }
}

/**
 * Under a pasted cookie: which cookies were found and until when, the
 * platform's expected ones (Bilibili: SESSDATA, bili_jct, DedeUserID) marked
 * missing or expired, so a signed-out or lapsed export is seen before saving.
 */
export function CookieSummary({ platform, value }: { platform: string; value?: string | null }) {
  const { t } = useTranslation()
  if (!value?.trim() || !isJson(value)) return null
  const now = Date.now()
  const summary = summarizeCookie(value, platform, now)
  if (summary.found.length === 0) return null
  const expected = COOKIE_NAMES[platform]?.expected ?? []
  const byName = new Map(summary.found.map((entry) => [entry.name, entry]))
  const listed = expected.length ? expected : summary.found.slice(0, SHOWN).map((e) => e.name)
  const extra = expected.length
    ? summary.found.filter((entry) => !expected.includes(entry.name)).length
    : Math.max(0, summary.found.length - SHOWN)

  return (
    <Space size={[6, 6]} wrap data-testid={`cookie-summary-${platform}`} style={{ marginTop: -8 }}>
      <Typography.Text type="secondary">
        {t('creators.form.cookie_found', { count: summary.found.length })}
      </Typography.Text>
      {listed.map((name) => {
        const entry = byName.get(name)
        if (!entry) {
          return (
            <Tag key={name} color="default" style={{ borderStyle: 'dashed' }} data-state="missing">
              {name} · {t('creators.form.cookie_missing_tag')}
            </Tag>
          )
        }
        const expired = entry.expiresAt !== null && entry.expiresAt <= now
        const date = entry.expiresAt ? formatDate(new Date(entry.expiresAt).toISOString()) : null
        return (
          <Tag
            key={name}
            color={expired ? 'red' : 'green'}
            data-state={expired ? 'expired' : 'found'}
          >
            {name} ·{' '}
            {expired
              ? t('creators.form.cookie_expired_on', { date })
              : date
                ? t('creators.form.cookie_until', { date })
                : t('creators.form.cookie_session')}
          </Tag>
        )
      })}
      {extra > 0 && (
        <Typography.Text type="secondary">
          {t('creators.form.cookie_more', { count: extra })}
        </Typography.Text>
      )}
    </Space>
  )
}
