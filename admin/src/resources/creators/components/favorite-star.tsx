import { useState } from 'react'
import { useCustomMutation } from '@refinedev/core'
import { Button, Tooltip } from 'antd'
import { StarFilled, StarOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSaveFeedback } from '../../../lib/feedback'

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
  const feedback = useSaveFeedback()
  const [value, setValue] = useState<boolean | null>(null)
  const { mutate, mutation } = useCustomMutation()
  const current = value ?? favorite

  const toggle = () =>
    mutate(
      {
        ...(current
          ? { url: `/api/user/favorites/${creatorId}`, method: 'delete' as const }
          : { url: '/api/user/favorites', method: 'post' as const }),
        values: current ? {} : { creator_id: creatorId },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setValue(!current)
          onChange?.(!current)
        },
        onError: feedback.failed,
      }
    )

  const label = t(current ? 'creators.actions.unfavorite' : 'creators.actions.favorite')
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size={size}
        loading={mutation.isPending}
        aria-label={label}
        aria-pressed={current}
        data-testid={`favorite-${creatorId}`}
        onClick={toggle}
        icon={current ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
      />
    </Tooltip>
  )
}
