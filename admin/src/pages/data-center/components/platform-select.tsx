import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { PLATFORMS, type PlatformKey } from '@shared/constants'
import { PlatformLogo } from '../../../components/platform-badge'

/** One platform or, cleared, all platforms summed. */
export function PlatformSelect({
  value,
  onChange,
  testId = 'platform-select',
  width = 180,
}: {
  value: PlatformKey | null
  onChange: (value: PlatformKey | null) => void
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
      options={PLATFORMS.map((platform) => ({
        value: platform,
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <PlatformLogo platform={platform} />
            {t(`enum.platform.${platform}`)}
          </span>
        ),
      }))}
    />
  )
}
