import { useState } from 'react'
import { App, Button, Tooltip } from 'antd'
import { StarFilled, StarOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { api } from '../../../providers/http'
import { failureOf } from '../../../lib/http'

/** Adds or removes the creator from my favorites (/api/user/favorites). */
export function FavoriteStar({
  creatorId,
  favorite,
  onChange,
  size = 'small',
}: {
  creatorId: number
  favorite: boolean
  onChange?: (favorite: boolean) => void
  size?: 'small' | 'middle'
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [value, setValue] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const current = value ?? favorite

  const toggle = async () => {
    setBusy(true)
    try {
      if (current) await api.delete(`/api/user/favorites/${creatorId}`)
      else await api.post('/api/user/favorites', { creator_id: creatorId })
      setValue(!current)
      onChange?.(!current)
    } catch (error) {
      message.error(failureOf(error).message || t('errors.request_failed'))
    } finally {
      setBusy(false)
    }
  }

  const label = t(current ? 'creators.actions.unfavorite' : 'creators.actions.favorite')
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size={size}
        loading={busy}
        aria-label={label}
        aria-pressed={current}
        data-testid={`favorite-${creatorId}`}
        onClick={toggle}
        icon={current ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
      />
    </Tooltip>
  )
}
