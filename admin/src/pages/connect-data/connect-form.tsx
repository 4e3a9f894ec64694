import { useMemo, useState } from 'react'
import { useCan, useCustom, useCustomMutation } from '@refinedev/core'
import { useSelect } from '@refinedev/antd'
import { Alert, Button, Card, Checkbox, Descriptions, Select, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ConnectKind } from '@shared/connect_data'
import { useCreatorSelect } from '../../lib/use-creator-select'
import { useNumberFormat } from '../../lib/format'
import { useSaveFeedback } from '../../lib/feedback'
import type { ConnectPreview, OutsideCreatorRef, OutsideVideoRef } from './types'

/*
| Pick the outside creator (or video) and the managed creator — or "new
| creator" — (or the managed video), see what would move, connect.
*/

interface VideoOption {
  id: number
  title: string
  platform: string
  platform_video_id: string
}

/** The outside side's picker: searched on the server, 20 at a time. */
function useOutsideOptions(kind: ConnectKind) {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const { query } = useCustom<(OutsideCreatorRef | OutsideVideoRef)[]>({
    url: '/api/connect_data/outside',
    method: 'get',
    config: { query: { kind, ...(q ? { q } : {}) } },
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  })
  const rows = query.data?.data ?? []
  const options = rows.map((row) => ({
    value: row.id,
    platform: row.platform,
    label:
      'uid' in row
        ? `${row.name || row.uid} · ${t(`enum.platform.${row.platform}`, { defaultValue: row.platform })} · ${row.uid}`
        : `${row.title || row.platform_video_id} · ${t(`enum.platform.${row.platform}`, { defaultValue: row.platform })}`,
  }))
  return { options, onSearch: setQ, loading: query.isFetching }
}

export function ConnectForm({ kind, onConnected }: { kind: ConnectKind; onConnected: () => void }) {
  const { t } = useTranslation()
  const { format } = useNumberFormat()
  const feedback = useSaveFeedback()
  const { data: canConnect } = useCan({ resource: 'connect_data', action: 'connect' })
  const [outsideId, setOutsideId] = useState<number>()
  const [targetId, setTargetId] = useState<number>()
  const [newCreator, setNewCreator] = useState(false)
  const outside = useOutsideOptions(kind)
  const creators = useCreatorSelect({ enabled: kind === 'creator' })
  const { selectProps: videos } = useSelect<VideoOption>({
    resource: 'videos',
    optionValue: 'id',
    optionLabel: (row) => `${row.title || row.platform_video_id} · ${row.platform_video_id}`,
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    onSearch: (value) => [{ field: 'q', operator: 'eq', value: value || undefined }],
    queryOptions: { enabled: kind === 'video' },
    errorNotification: false,
  })

  const params = useMemo(() => {
    if (!outsideId) return null
    if (kind === 'creator') {
      if (!newCreator && !targetId) return null
      return {
        kind,
        outside_creator_id: outsideId,
        ...(newCreator ? { new_creator: true } : { creator_id: targetId }),
      }
    }
    return targetId ? { kind, outside_video_id: outsideId, video_id: targetId } : null
  }, [kind, outsideId, targetId, newCreator])

  const { query: preview } = useCustom<ConnectPreview>({
    url: '/api/connect_data/preview',
    method: 'get',
    config: { query: params ?? {} },
    errorNotification: false,
    queryOptions: { enabled: params !== null, retry: false },
  })
  const shown = params ? preview.data?.data : undefined
  const previewError = params && preview.error ? preview.error.message : null

  const { mutate, mutation } = useCustomMutation()
  const connect = () =>
    params &&
    mutate(
      {
        url: '/api/connect_data',
        method: 'post',
        values: params,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: (response) => {
          const data = response.data as { rows_moved: number; written: number }
          feedback.succeeded(t('connect_data.connected', { count: data.written }))
          setOutsideId(undefined)
          setTargetId(undefined)
          setNewCreator(false)
          onConnected()
        },
        onError: (error) => void feedback.failed(error),
      }
    )

  return (
    <Card title={t(`connect_data.${kind}.form_title`)} data-testid="connect-form">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Space wrap align="start">
          <Select
            showSearch
            filterOption={false}
            style={{ width: 380 }}
            placeholder={t(`connect_data.${kind}.outside`)}
            value={outsideId}
            onChange={(value) => setOutsideId(value)}
            onSearch={outside.onSearch}
            loading={outside.loading}
            options={outside.options}
            notFoundContent={t('connect_data.nothing_found')}
            data-testid="connect-outside"
          />
          {kind === 'creator' ? (
            <Space direction="vertical" size={4}>
              <Select
                {...creators}
                style={{ width: 320 }}
                disabled={newCreator}
                placeholder={t('connect_data.creator.managed')}
                value={newCreator ? undefined : targetId}
                onChange={(value) => setTargetId(value as unknown as number)}
                data-testid="connect-target"
              />
              <Checkbox
                checked={newCreator}
                onChange={(event) => setNewCreator(event.target.checked)}
                data-testid="connect-new-creator"
              >
                {t('connect_data.creator.new_creator')}
              </Checkbox>
            </Space>
          ) : (
            <Select
              options={videos.options}
              onSearch={videos.onSearch}
              loading={videos.loading}
              showSearch
              filterOption={false}
              style={{ width: 380 }}
              placeholder={t('connect_data.video.managed')}
              value={targetId}
              onChange={(value) => setTargetId(value as unknown as number)}
              data-testid="connect-target"
            />
          )}
        </Space>
        {previewError && <Alert type="error" showIcon message={previewError} />}
        {shown && (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 3 }}
            data-testid="connect-preview"
          >
            <Descriptions.Item label={t('connect_data.preview.days')}>
              {format(shown.days)}
            </Descriptions.Item>
            <Descriptions.Item label={t('connect_data.preview.moving')}>
              <Typography.Text strong data-testid="connect-preview-moving">
                {format(shown.moving)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('connect_data.preview.kept')}>
              {format(shown.kept)}
            </Descriptions.Item>
            <Descriptions.Item label={t('connect_data.preview.range')} span={3}>
              {shown.first_day ? `${shown.first_day} – ${shown.last_day}` : '—'}
            </Descriptions.Item>
            {shown.kept > 0 && (
              <Descriptions.Item label={t('connect_data.preview.kept_days')} span={3}>
                <Typography.Text type="secondary">{shown.kept_days.join(', ')}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
        {shown?.creates_creator && (
          <Alert type="info" showIcon message={t('connect_data.preview.creates_creator')} />
        )}
        {shown && !shown.creates_creator && shown.creates_account && (
          <Alert type="info" showIcon message={t('connect_data.preview.creates_account')} />
        )}
        {shown?.uid_taken_by && (
          <Alert type="warning" showIcon message={t('connect_data.preview.uid_taken')} />
        )}
        {canConnect?.can && (
          <Button
            type="primary"
            disabled={!shown || Boolean(shown.uid_taken_by)}
            loading={mutation.isPending}
            onClick={connect}
            data-testid="connect-submit"
          >
            {t('connect_data.connect')}
          </Button>
        )}
      </Space>
    </Card>
  )
}
