import { useMemo, useState } from 'react'
import { Alert, Card, Form, Radio, Select, Space, Tag, Typography, type SelectProps } from 'antd'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { REQUIRED_FIELDS, type UploadPlatform } from '@shared/uploads'
import { PlatformLogo } from '../../components/platform-badge'
import { useApiQuery } from '../../lib/use-api-query'
import type { LoginState, UploadCategory, UploadEvent } from './types'

/** The login check's path of each station platform (Haokan is Baidu's). */
const CHECK_PATH: Record<UploadPlatform, string> = {
  bilibili: '/api/platform_api/check/bilibili',
  xigua: '/api/platform_api/check/xigua',
  haokan: '/api/platform_api/check/baidu',
}

/** The creator's login on `platform`, asked of the platform (null while no creator is chosen). */
export function useLoginCheck(platform: UploadPlatform, creatorId: number | undefined) {
  const params = useMemo(() => ({ creator_id: creatorId }), [creatorId])
  return useApiQuery<LoginState>(CHECK_PATH[platform], params, { enabled: Boolean(creatorId) })
}

/** A login check's answer in a line: the account's name, or the message and the link to fix it. */
export function LoginLine({
  platform,
  check,
}: {
  platform: UploadPlatform
  check: ReturnType<typeof useLoginCheck>
}) {
  const { t } = useTranslation()
  if (check.loading) {
    return <Typography.Text type="secondary">{t('uploads.station.login.checking')}</Typography.Text>
  }
  if (check.error) return <Typography.Text type="danger">{check.error}</Typography.Text>
  const state = check.data
  if (!state) return null
  if (state.ok) {
    return (
      <Tag color="success" data-testid={`login-${platform}`}>
        {t('uploads.station.login.ok', { name: state.name ?? '' })}
      </Tag>
    )
  }
  return (
    <Space size={4} wrap data-testid={`login-${platform}`}>
      <Typography.Text type="danger">{state.message}</Typography.Text>
      {state.link && <Link to={state.link}>{t('uploads.errors.fix_login')}</Link>}
    </Space>
  )
}

function isRequired(
  platform: UploadPlatform,
  field: (typeof REQUIRED_FIELDS)[UploadPlatform][number]
) {
  return REQUIRED_FIELDS[platform].includes(field)
}

/** A platform's choice (category, subcategory, event) as a searchable select under its label. */
function ChoiceField({
  name,
  label,
  required,
  width = 220,
  ...select
}: {
  name: [string, UploadPlatform]
  label: string
  required: boolean
  width?: number
} & SelectProps & { 'data-testid': string }) {
  return (
    <Form.Item name={name} label={label} required={required} style={{ width }}>
      <Select allowClear showSearch optionFilterProp="label" {...select} />
    </Form.Item>
  )
}

/**
 * One chosen platform's own fields: its category and subcategory (from
 * the platform's list), Bilibili's activity or Xigua's event (with prize
 * and whether the creator joined), Haokan's topic and originality. The
 * lists are read with the creator's login when one is chosen.
 */
export function PlatformSection({
  platform,
  creatorId,
}: {
  platform: UploadPlatform
  creatorId: number | undefined
}) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const categoryParams = useMemo(() => ({ platform, creator_id: creatorId }), [platform, creatorId])
  const categories = useApiQuery<{ categories: UploadCategory[] }>(
    '/api/video/category',
    categoryParams
  )
  const eventPath =
    platform === 'bilibili'
      ? '/api/upload_video/bilibili_event'
      : platform === 'xigua'
        ? '/api/upload_video/xigua_event'
        : null
  const eventParams = useMemo(() => ({ creator_id: creatorId }), [creatorId])
  const events = useApiQuery<{ events: UploadEvent[] }>(eventPath ?? '', eventParams, {
    enabled: eventPath !== null,
  })
  const [topicKeyword, setTopicKeyword] = useState('')
  const topicParams = useMemo(
    () => ({ keyword: topicKeyword, creator_id: creatorId }),
    [topicKeyword, creatorId]
  )
  const topics = useApiQuery<{ topics: UploadEvent[] }>(
    '/api/upload_video/baidu_topic',
    topicParams,
    { enabled: platform === 'haokan' }
  )

  const categoryId = Form.useWatch(['category', platform], form) as string | undefined
  const children = useMemo(
    () =>
      categories.data?.categories.find((category) => category.id === categoryId)?.children ?? [],
    [categories.data, categoryId]
  )
  const failure = categories.error ?? events.error ?? topics.error

  return (
    <Card
      size="small"
      data-testid={`platform-section-${platform}`}
      title={
        <Space>
          <PlatformLogo platform={platform} />
          {t(`uploads.platforms.${platform}`)}
        </Space>
      }
    >
      {failure && <Alert type="warning" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Space wrap align="start" size={[12, 0]} style={{ width: '100%' }}>
        <ChoiceField
          name={['category', platform]}
          label={t('uploads.station.fields.category')}
          required={isRequired(platform, 'category')}
          loading={categories.loading}
          placeholder={t('uploads.station.placeholders.category')}
          options={categories.data?.categories.map((category) => ({
            value: category.id,
            label: category.name,
          }))}
          onChange={() => form.setFieldValue(['subcategory', platform], undefined)}
          data-testid={`category-${platform}`}
        />
        <ChoiceField
          name={['subcategory', platform]}
          label={t('uploads.station.fields.subcategory')}
          required={isRequired(platform, 'subcategory')}
          disabled={!children.length}
          placeholder={t('uploads.station.placeholders.subcategory')}
          options={children.map((child) => ({ value: child.id, label: child.name }))}
          data-testid={`subcategory-${platform}`}
        />
        {eventPath && (
          <ChoiceField
            name={['event_tag', platform]}
            label={t(`uploads.station.fields.event_${platform}`)}
            required={isRequired(platform, 'eventTag')}
            width={300}
            optionFilterProp="title"
            loading={events.loading}
            placeholder={t('uploads.station.placeholders.event')}
            data-testid={`event-${platform}`}
            options={events.data?.events.map((event) => ({
              value: event.id,
              title: event.name,
              label: (
                <Space size={4}>
                  <span>{event.name}</span>
                  {event.prize && <Tag color="gold">{event.prize}</Tag>}
                  {event.joined && <Tag color="green">{t('uploads.station.joined')}</Tag>}
                </Space>
              ),
            }))}
          />
        )}
        {platform === 'haokan' && (
          <>
            <Form.Item
              name="topic"
              label={t('uploads.station.fields.topic')}
              style={{ width: 220 }}
            >
              <Select
                allowClear
                showSearch
                filterOption={false}
                onSearch={setTopicKeyword}
                loading={topics.fetching}
                placeholder={t('uploads.station.placeholders.topic')}
                options={topics.data?.topics.map((topic) => ({
                  value: topic.id,
                  label: topic.name,
                }))}
                data-testid="topic-haokan"
              />
            </Form.Item>
            <Form.Item
              name="original"
              label={t('uploads.station.fields.original')}
              required={isRequired(platform, 'original')}
            >
              <Radio.Group data-testid="original-haokan">
                <Radio value={true}>{t('uploads.station.original.yes')}</Radio>
                <Radio value={false}>{t('uploads.station.original.no')}</Radio>
              </Radio.Group>
            </Form.Item>
          </>
        )}
      </Space>
    </Card>
  )
}
