import { useEffect, useState } from 'react'
import { CanAccess, useCustomMutation } from '@refinedev/core'
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd'
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { PRIVATE_LEVELS, REVEAL_SECONDS, type PrivateLevel } from '@shared/constants'
import type { Creator, RevealResult } from '../types'
import {
  prefetchSecurityCodeDialog,
  SecurityCodeDialog,
} from '../../../components/security-code-dialog'

const LEVELS = Object.keys(PRIVATE_LEVELS) as PrivateLevel[]
const HIDDEN = '••••••'

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

function countdown(seconds: number) {
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * Private data by level (L1 contact, L2 identity, L3 settlement), masked
 * until the user enters their security code; a reveal lasts REVEAL_SECONDS
 * and is written to the studio log. Levels the user may not reveal show no
 * button.
 */
export function PrivateInfoCard({ creator }: { creator: Creator }) {
  const { t } = useTranslation()
  const [revealed, setRevealed] = useState<
    Partial<Record<PrivateLevel, RevealResult & { until: number }>>
  >({})
  const [asking, setAsking] = useState<PrivateLevel | null>(null)
  // Mounted from the first ask on, so that it closes with its animation.
  const [asked, setAsked] = useState(false)
  const { mutateAsync: send } = useCustomMutation<RevealResult>()
  const now = useNow(Object.keys(revealed).length > 0)

  useEffect(() => {
    const expired = (Object.keys(revealed) as PrivateLevel[]).filter(
      (level) => revealed[level]!.until <= now
    )
    if (expired.length) {
      setRevealed((current) => {
        const next = { ...current }
        for (const level of expired) delete next[level]
        return next
      })
    }
  }, [now, revealed])

  const reveal = async (level: PrivateLevel, code: string) => {
    const { data: result } = await send({
      url: `/api/creators/${creator.id}/reveal`,
      method: 'post',
      values: { level, code },
      successNotification: false,
      errorNotification: false,
    })
    const expires = result.expires_at ? dayjs(result.expires_at).valueOf() : NaN
    const until = Number.isFinite(expires)
      ? Math.min(expires, Date.now() + REVEAL_SECONDS * 1000)
      : Date.now() + REVEAL_SECONDS * 1000
    setRevealed((current) => ({ ...current, [level]: { ...result, until } }))
    setAsking(null)
  }

  const hide = (level: PrivateLevel) =>
    setRevealed((current) => {
      const next = { ...current }
      delete next[level]
      return next
    })

  return (
    <Card
      title={
        <Space>
          <LockOutlined />
          {t('creators.private.title')}
        </Space>
      }
      data-testid="private-info"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('creators.private.help', { minutes: Math.round(REVEAL_SECONDS / 60) })}
      </Typography.Paragraph>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {LEVELS.map((level) => {
          const shown = revealed[level]
          const remaining = shown ? Math.max(0, Math.ceil((shown.until - now) / 1000)) : 0
          return (
            <div key={level} data-testid={`private-${level}`}>
              <Space
                style={{ width: '100%', justifyContent: 'space-between', marginBottom: 6 }}
                wrap
              >
                <Typography.Text strong>{t(`creators.private.levels.${level}`)}</Typography.Text>
                {shown ? (
                  <Space size={4}>
                    <Tag color="orange" data-testid={`countdown-${level}`}>
                      {t('creators.private.visible_for', { time: countdown(remaining) })}
                    </Tag>
                    <Button
                      size="small"
                      icon={<EyeInvisibleOutlined />}
                      onClick={() => hide(level)}
                    >
                      {t('creators.private.hide')}
                    </Button>
                  </Space>
                ) : (
                  <CanAccess
                    resource="creators"
                    action={`reveal_${level.toLowerCase()}`}
                    fallback={null}
                  >
                    <Button
                      size="small"
                      icon={<EyeOutlined />}
                      onPointerEnter={prefetchSecurityCodeDialog}
                      onFocus={prefetchSecurityCodeDialog}
                      onClick={() => {
                        setAsked(true)
                        setAsking(level)
                      }}
                      data-testid={`reveal-${level}`}
                    >
                      {t('creators.private.reveal')}
                    </Button>
                  </CanAccess>
                )}
              </Space>
              <Descriptions size="small" column={1} bordered>
                {PRIVATE_LEVELS[level].map((field) => {
                  const stored = creator.private?.[field]
                  const plain = shown?.fields?.[field]
                  const value = shown
                    ? (plain ?? t('common.none'))
                    : stored?.present
                      ? (stored.masked ?? HIDDEN)
                      : t('common.none')
                  return (
                    <Descriptions.Item key={field} label={t(`creators.fields.${field}`)}>
                      <Typography.Text
                        copyable={shown && plain ? { text: plain } : false}
                        data-testid={`private-value-${field}`}
                      >
                        {value}
                      </Typography.Text>
                    </Descriptions.Item>
                  )
                })}
              </Descriptions>
            </div>
          )
        })}
      </Space>
      <SecurityCodeDialog
        mounted={asked}
        open={asking !== null}
        title={t('creators.private.reveal_title', {
          level: asking ? t(`creators.private.levels.${asking}`) : '',
        })}
        description={t('creators.private.reveal_body')}
        okText={t('creators.private.reveal')}
        onCancel={() => setAsking(null)}
        onSubmit={(code) => reveal(asking!, code)}
      />
    </Card>
  )
}
