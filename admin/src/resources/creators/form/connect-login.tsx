import { useState } from 'react'
import { useCan, useCustomMutation } from '@refinedev/core'
import { Alert, App, Button, Space, Typography } from 'antd'
import { LinkOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { isOAuthPlatform, type ConnectResult } from '@shared/oauth'

/*
| Connecting a platform login by OAuth from its edit tab (Douyin, Xigua,
| Kuaishou, Weibo): the button asks the API for the platform's authorise
| URL and goes there; the platform's callback lands back on this tab with
| ?connect=<result>&reason=<code>, which the banner words in the reader's
| language (creators.connect.*).
*/

interface StartAnswer {
  platform: string
  url: string
  expires_at: string
}

const TYPES: Record<ConnectResult, 'success' | 'info' | 'warning' | 'error'> = {
  connected: 'success',
  denied: 'info',
  expired: 'warning',
  replayed: 'warning',
  failed: 'error',
}

/** "Connect Douyin": the platform's authorise page, for who may edit the creator. */
export function ConnectButton({ platform, creatorId }: { platform: string; creatorId?: number }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { data: can } = useCan({ resource: 'creators', action: 'connect' })
  const { mutate } = useCustomMutation<StartAnswer>()
  const [going, setGoing] = useState(false)
  if (!isOAuthPlatform(platform) || !creatorId || !can?.can) return null

  const connect = () => {
    setGoing(true)
    mutate(
      {
        url: `/api/creators/${creatorId}/accounts/${platform}/connect`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => window.location.assign(data.url),
        onError: (error) => {
          setGoing(false)
          void message.error(error?.message || t('errors.request_failed'))
        },
      }
    )
  }

  return (
    <Space direction="vertical" size={4} style={{ marginBottom: 16 }}>
      <Button
        icon={<LinkOutlined />}
        loading={going}
        onClick={connect}
        data-testid={`connect-${platform}`}
      >
        {t('creators.connect.button', { platform: t(`enum.platform.${platform}`) })}
      </Button>
      <Typography.Text type="secondary">{t(`creators.connect.help.${platform}`)}</Typography.Text>
    </Space>
  )
}

/** The result of the connect that landed on this tab, until closed. */
export function ConnectBanner({ platform }: { platform: string }) {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const result = search.get('connect') as ConnectResult | null
  if (search.get('tab') !== platform || !result || !(result in TYPES)) return null
  const reason = search.get('reason')
  const close = () => {
    const next = new URLSearchParams(search)
    for (const key of ['connect', 'reason']) next.delete(key)
    setSearch(next, { replace: true })
  }
  return (
    <Alert
      type={TYPES[result]}
      showIcon
      closable
      onClose={close}
      style={{ marginBottom: 16 }}
      data-testid={`connect-result-${platform}`}
      data-result={result}
      message={t(`creators.connect.results.${result}`, {
        platform: t(`enum.platform.${platform}`),
      })}
      description={
        result === 'failed' && reason
          ? t(`creators.connect.reasons.${reason}`, {
              defaultValue: t('creators.connect.reasons.other'),
            })
          : undefined
      }
    />
  )
}
