import { Space, Tag, Tooltip, Typography, type SpaceProps } from 'antd'
import { LinkOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { ACCESS_STATUS, type PlatformKey } from '@shared/constants'
import { PLATFORM_STYLE, channelUrlOf } from '../lib/platforms'
import { useNumberFormat } from '../lib/format'

/** The platform's mark in its brand colour (there are no logo files to ship). */
export function PlatformLogo({ platform, size = 18 }: { platform: PlatformKey; size?: number }) {
  const style = PLATFORM_STYLE[platform] ?? { color: '#8c8c8c', mark: '?' }
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        width: size,
        height: size,
        borderRadius: size / 4,
        background: style.color,
        color: '#fff',
        fontSize: size * 0.58,
        fontWeight: 700,
        lineHeight: 1,
        flex: 'none',
      }}
    >
      {style.mark}
    </span>
  )
}

interface AccountLike {
  platform: PlatformKey
  uid: string | null
  fans: number
  token_status: number
  cookie_status: number
}

/** A list cell's platform tag: green when the token is connected, red when it cannot access, orange for a failing cookie. */
export function PlatformStatusTag({
  account,
  compact = false,
}: {
  account: AccountLike
  /** The logo alone (lists): the name is in the tooltip and the label. */
  compact?: boolean
}) {
  const { t } = useTranslation()
  const { format } = useNumberFormat()
  const tokenOk = account.token_status === ACCESS_STATUS.CONNECTED
  const cookieOk = account.cookie_status === ACCESS_STATUS.CONNECTED
  const color = !tokenOk ? 'red' : !cookieOk ? 'orange' : 'green'
  return (
    <Tooltip
      title={
        <div>
          <div>
            {t(`enum.platform.${account.platform}`)}
            {account.uid ? ` · ${account.uid}` : ''}
          </div>
          <div>
            {t('creators.fields.fans')}: {format(account.fans)}
          </div>
          <div>
            {t('creators.status.token')}:{' '}
            {t(tokenOk ? 'creators.status.connected' : 'creators.status.cannot_access')}
          </div>
          <div>
            {t('creators.status.cookie')}:{' '}
            {t(cookieOk ? 'creators.status.connected' : 'creators.status.cannot_access')}
          </div>
        </div>
      }
    >
      <Tag
        color={color}
        style={{ marginInlineEnd: 4, marginBottom: compact ? 0 : 4, paddingInline: 4 }}
        data-testid={`platform-${account.platform}`}
        aria-label={compact ? t(`enum.platform.${account.platform}`) : undefined}
      >
        <Space size={4}>
          <PlatformLogo platform={account.platform} size={14} />
          {!compact && <span>{t(`enum.platform.${account.platform}`)}</span>}
        </Space>
      </Tag>
    </Tooltip>
  )
}

/** The detail's platform link: logo, name, uid, opening the channel in a new tab when there is an address. */
export function PlatformLink({
  platform,
  uid,
  channelUrl,
  channelName,
}: {
  platform: PlatformKey
  uid: string | null
  channelUrl: string | null
  channelName?: string | null
}) {
  const { t } = useTranslation()
  const href = channelUrlOf(platform, uid, channelUrl)
  const body = (
    <Space size={6}>
      <PlatformLogo platform={platform} size={22} />
      <span>
        <Typography.Text strong>{t(`enum.platform.${platform}`)}</Typography.Text>
        {(channelName || uid) && (
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
            {channelName ?? uid}
          </Typography.Text>
        )}
      </span>
      {href && <LinkOutlined />}
    </Space>
  )
  return href ? (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={`channel-link-${platform}`}
    >
      {body}
    </a>
  ) : (
    <span data-testid={`channel-link-${platform}`}>{body}</span>
  )
}

/** Several platforms' logos in a row, each named in its tooltip. */
export function PlatformLogos({
  platforms,
  ...space
}: { platforms: PlatformKey[] } & Omit<SpaceProps, 'children'>) {
  const { t } = useTranslation()
  return (
    <Space size={3} wrap {...space}>
      {platforms.map((platform) => (
        <Tooltip key={platform} title={t(`enum.platform.${platform}`)}>
          <span>
            <PlatformLogo platform={platform} size={18} />
          </span>
        </Tooltip>
      ))}
    </Space>
  )
}
