import {
  App,
  Avatar,
  Button,
  Card,
  Descriptions,
  Divider,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import { CheckOutlined, PlusOutlined, WarningFilled, YoutubeOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { Creator } from '../types'
import { useCompare, COMPARE_MAX } from '../../../lib/compare'
import { formatDate, useNumberFormat } from '../../../lib/format'
import { KIND_COLOR, avatarColor } from '../../../lib/colors'
import { FavoriteStar } from './favorite-star'
import { CompareTray } from './compare-tray'
import { PlatformLink } from '../../../components/platform-badge'
import { countryName } from '../../../lib/countries'

/** Contract status with its dates: valid (green) or terminated (grey, with the cancel date). */
export function ContractStatusTag({
  creator,
}: {
  creator: Pick<Creator, 'contract_status' | 'cancel_date'>
}) {
  const { t } = useTranslation()
  const valid = creator.contract_status === 'valid'
  return (
    <Tag color={valid ? 'green' : 'default'} data-testid="contract-status">
      {t(`enum.contract_status.${creator.contract_status}`)}
      {!valid && creator.cancel_date ? ` · ${formatDate(creator.cancel_date)}` : ''}
    </Tag>
  )
}

/**
 * The top of the creator detail: who, which contract, which team, the
 * channels (logos linking out), favorite and compare, and the actions the
 * user may take (passed in by the page).
 */
export function HeaderCard({ creator, actions }: { creator: Creator; actions: React.ReactNode }) {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const { format } = useNumberFormat()
  const { ids, toggle } = useCompare()
  const inCompare = ids.includes(creator.id)

  const onCompare = () => {
    const result = toggle(creator.id)
    if (result === 'full') message.warning(t('creators.compare.full', { max: COMPARE_MAX }))
    else message.success(t(result ? 'creators.compare.added' : 'creators.compare.removed'))
  }

  const accounts = creator.accounts ?? []
  const hasYoutubeAccount = accounts.some((account) => account.platform === 'youtube')

  return (
    <Card data-testid="creator-header">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 16,
          justifyContent: 'space-between',
          alignItems: 'flex-start',
        }}
      >
        <Space align="start" size={16} style={{ minWidth: 0 }}>
          <Avatar
            size={72}
            src={creator.avatar_url ?? undefined}
            style={{ background: avatarColor(creator.id), fontSize: 30, flex: 'none' }}
          >
            {creator.channel_name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Space align="center" wrap size={8}>
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="creator-title">
                {creator.channel_name}
              </Typography.Title>
              <FavoriteStar creatorId={creator.id} favorite={creator.favorite} size="middle" />
              <Tag color={KIND_COLOR[creator.kind]}>{t(`enum.kind.${creator.kind}`)}</Tag>
              <ContractStatusTag creator={creator} />
              {creator.failing && (
                <Tag color="error" icon={<WarningFilled />}>
                  {t('creators.badges.failing')}
                </Tag>
              )}
              {creator.is_new && <Tag color="success">{t('creators.badges.new')}</Tag>}
            </Space>
            {(creator.channel_name_zh || creator.youtube_channel_name) && (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                {[creator.channel_name_zh, creator.youtube_channel_name]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Paragraph>
            )}
            {creator.channel_intro_zh && (
              <Typography.Paragraph
                type="secondary"
                ellipsis={{ rows: 2, expandable: true }}
                style={{ margin: '4px 0 0', maxWidth: 720 }}
              >
                {creator.channel_intro_zh}
              </Typography.Paragraph>
            )}
          </div>
        </Space>
        <Space wrap>
          <Tooltip title={inCompare ? t('creators.compare.remove') : undefined}>
            <Button
              icon={inCompare ? <CheckOutlined /> : <PlusOutlined />}
              onClick={onCompare}
              type={inCompare ? 'primary' : 'default'}
              ghost={inCompare}
              data-testid="add-compare"
            >
              {t(inCompare ? 'creators.compare.in_tray' : 'creators.compare.add')}
            </Button>
          </Tooltip>
          <CompareTray />
        </Space>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('creators.fields.brand_no')}>
          <Typography.Text copyable>{creator.brand_no}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.contract_no')}>
          {creator.contract_no ?? t('common.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.contractor_name')}>
          {creator.contractor_name}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.category')}>
          {t(`enum.category.${creator.category}`, { defaultValue: creator.category })}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.contract_period')}>
          {formatDate(creator.contract_date)} ~ {formatDate(creator.end_date)}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.cp_team')}>
          {creator.cp_team
            ? t(`enum.team.${creator.cp_team.key}`, { defaultValue: creator.cp_team.name })
            : t('common.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.uploader')}>
          {creator.uploader?.name ?? t('common.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('creators.fields.total_fans')}>
          <Typography.Text strong>{format(creator.total_fans)}</Typography.Text>
        </Descriptions.Item>
        {creator.nationality && (
          <Descriptions.Item label={t('creators.fields.nationality')}>
            {countryName(creator.nationality, i18n.language)} ({creator.nationality})
          </Descriptions.Item>
        )}
      </Descriptions>
      <Divider style={{ margin: '12px 0' }} />
      {/* The actions have a line of their own, its height kept from the first paint: they appear
          as the access answers arrive, and beside the links they wrapped to a new line then, moving
          the page below. */}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Space wrap size={[16, 8]} data-testid="channel-links">
          {accounts.map((account) => (
            <PlatformLink
              key={account.platform}
              platform={account.platform}
              uid={account.uid}
              channelUrl={account.channel_url}
              channelName={account.channel_name}
            />
          ))}
          {!hasYoutubeAccount && creator.youtube_url && (
            <a href={creator.youtube_url} target="_blank" rel="noopener noreferrer">
              <Space size={6}>
                <YoutubeOutlined style={{ color: '#ff0000', fontSize: 20 }} />
                <Typography.Text strong>{t('enum.platform.youtube')}</Typography.Text>
              </Space>
            </a>
          )}
          {!accounts.length && !creator.youtube_url && (
            <Typography.Text type="secondary">{t('creators.detail.no_accounts')}</Typography.Text>
          )}
        </Space>
        <Space wrap style={{ minHeight: 32 }}>
          {actions}
        </Space>
      </div>
    </Card>
  )
}
