import { Card, Space, Tooltip, Typography } from 'antd'
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { ACCESS_STATUS, PLATFORMS, type PlatformKey } from '@shared/constants'
import type { CreatorSummary } from '../types'
import { PlatformLogo } from '../../../components/platform-badge'
import { useNumberFormat } from '../../../lib/format'

/**
 * Token status per platform (connected / cannot access); a count filters
 * the list to the creators with an account in that state.
 */
export function TokenStrip({
  tokenStatus,
  selected,
  onPick,
}: {
  tokenStatus: CreatorSummary['token_status'] | undefined
  selected: { platform?: string; token_status?: string }
  onPick: (platform: PlatformKey, status: number) => void
}) {
  const { t } = useTranslation()
  const { format } = useNumberFormat()
  const platforms = PLATFORMS.filter((platform) => {
    const counts = tokenStatus?.[platform]
    return Boolean(counts && counts.connected + counts.cannot_access > 0)
  })
  if (!platforms.length) return null
  const isSelected = (platform: string, status: number) =>
    selected.platform === platform && selected.token_status === String(status)

  return (
    <Card size="small" data-testid="token-strip" styles={{ body: { paddingBlock: 8 } }}>
      <Space wrap size={[20, 6]}>
        <Typography.Text type="secondary">{t('creators.summary.token_status')}</Typography.Text>
        {platforms.map((platform) => {
          const counts = tokenStatus![platform]!
          return (
            <Space key={platform} size={6} data-testid={`token-${platform}`}>
              <PlatformLogo platform={platform} />
              <Typography.Text>{t(`enum.platform.${platform}`)}</Typography.Text>
              <Tooltip title={t('creators.status.connected')}>
                <Typography.Link
                  onClick={() => onPick(platform, ACCESS_STATUS.CONNECTED)}
                  strong={isSelected(platform, ACCESS_STATUS.CONNECTED)}
                  style={{ color: '#2f9e44' }}
                >
                  <CheckCircleFilled /> {format(counts.connected)}
                </Typography.Link>
              </Tooltip>
              <Tooltip title={t('creators.status.cannot_access')}>
                <Typography.Link
                  onClick={() => onPick(platform, ACCESS_STATUS.CANNOT_ACCESS)}
                  strong={isSelected(platform, ACCESS_STATUS.CANNOT_ACCESS)}
                  style={{ color: counts.cannot_access ? '#e03131' : '#adb5bd' }}
                >
                  <CloseCircleFilled /> {format(counts.cannot_access)}
                </Typography.Link>
              </Tooltip>
            </Space>
          )
        })}
      </Space>
    </Card>
  )
}
