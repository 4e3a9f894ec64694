import { Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { PLATFORMS, type PlatformKey } from '@shared/constants'
import { PlatformLogo } from './platform-badge'

/** One platform (of `platforms`, every platform by default) or, cleared, all platforms summed. */
export function PlatformSelect({
  value,
  onChange,
  platforms = PLATFORMS,
  testId,
  width = 180,
}: {
  value: PlatformKey | null
  onChange: (value: PlatformKey | null) => void
  platforms?: readonly PlatformKey[]
  testId?: string
  width?: number | string
}) {
  const { t } = useTranslation()
  return (
    <Select<PlatformKey>
      allowClear
      value={value ?? undefined}
      placeholder={t('data_center.platform.all')}
      onChange={(next) => onChange(next ?? null)}
      style={{ width }}
      data-testid={testId}
      aria-label={t('data_center.platform.label')}
      options={platforms.map((platform) => ({
        value: platform,
        label: (
          <Space size={6}>
            <PlatformLogo platform={platform} />
            {t(`enum.platform.${platform}`)}
          </Space>
        ),
      }))}
    />
  )
}
