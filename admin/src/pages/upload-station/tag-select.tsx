import { useMemo, useState } from 'react'
import { Select, type SelectProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { UploadPlatform } from '@shared/uploads'
import { useApiQuery } from '../../lib/use-api-query'

/**
 * The upload's tags: typed freely (split at commas), with the first chosen
 * platform's suggestions for what is being typed. Takes the form item's
 * value and onChange.
 */
export function TagSelect({
  platform,
  creatorId,
  ...props
}: SelectProps & { platform: UploadPlatform; creatorId: number | undefined }) {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  const params = useMemo(
    () => ({ platform, keyword, creator_id: creatorId }),
    [platform, keyword, creatorId]
  )
  const suggestions = useApiQuery<{ tags: string[] }>('/api/video/tags', params, {
    enabled: keyword.trim().length > 0,
  })
  return (
    <Select
      {...props}
      mode="tags"
      tokenSeparators={[',', '，', '、']}
      onSearch={setKeyword}
      options={suggestions.data?.tags.map((tag) => ({ value: tag, label: tag }))}
      placeholder={t('uploads.station.placeholders.tags')}
      data-testid="tags"
    />
  )
}
