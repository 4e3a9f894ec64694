import { useMemo, useRef, useState } from 'react'
import { useCustomMutation, type HttpError } from '@refinedev/core'
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd'
import { CloseOutlined, RocketOutlined } from '@ant-design/icons'
import type { Dayjs } from 'dayjs'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  DETAIL_MAX,
  SCHEDULE_LEAD_HOURS,
  SUBSCRIBE_BUTTON_SECONDS,
  TITLE_MAX,
  UPLOAD_PLATFORMS,
  characterCount,
  checkUpload,
  latestSubscribeStart,
  type UploadFormValues,
  type UploadNotice,
  type UploadPlatform,
  type UploadViolation,
} from '@shared/uploads'
import { PlatformLogo } from '../../components/platform-badge'
import { useCreatorSelect } from '../../lib/use-creator-select'
import { FileDrop } from './file-drop'
import { LoginLine, PlatformSection, useLoginCheck } from './platform-section'
import { TagSelect } from './tag-select'
import { useTransfer } from './use-transfer'
import type { UploadTaskRow } from './types'

type PerPlatform = Partial<Record<UploadPlatform, string>>

/** The launchpad's form values. */
interface StationValues {
  creator_id?: number
  platforms: UploadPlatform[]
  title?: string
  detail?: string
  category?: PerPlatform
  subcategory?: PerPlatform
  tags?: string[]
  event_tag?: PerPlatform
  topic?: string
  share: boolean
  advert: boolean
  original?: boolean | null
  scheduled_at?: Dayjs | null
  subscribe_at_s?: number | null
}

const INITIAL: StationValues = {
  platforms: [...UPLOAD_PLATFORMS],
  share: true,
  advert: false,
  tags: [],
}

/** The form's values as the shared rules read them. */
function rulesInput(values: Partial<StationValues>): UploadFormValues {
  return {
    platforms: values.platforms ?? [],
    title: values.title ?? '',
    detail: values.detail ?? '',
    category: values.category ?? {},
    subcategory: values.subcategory ?? {},
    tags: (values.tags ?? []).join(','),
    eventTag: values.event_tag ?? {},
    topic: values.topic ?? null,
    share: values.share ?? true,
    advert: values.advert ?? false,
    original: values.original ?? null,
    scheduledAt: values.scheduled_at ? values.scheduled_at.toISOString() : null,
    subscribeAtS: values.subscribe_at_s ?? null,
  }
}

/** What POST /api/video/upload is sent (empty values left out). */
function payloadOf(values: StationValues, video: string, thumbnail: string) {
  const body: Record<string, unknown> = {
    creator_id: values.creator_id,
    platforms: values.platforms,
    title: values.title ?? '',
    detail: values.detail ?? '',
    category: values.category ?? {},
    subcategory: values.subcategory ?? {},
    tags: (values.tags ?? []).join(','),
    event_tag: values.event_tag ?? {},
    share: values.share,
    advert: values.advert,
    video,
    thumbnail,
  }
  if (values.topic) body.topic = values.topic
  if (typeof values.original === 'boolean') body.original = values.original
  if (values.scheduled_at) body.scheduled_at = values.scheduled_at.toISOString()
  if (typeof values.subscribe_at_s === 'number') body.subscribe_at_s = values.subscribe_at_s
  return body
}

/**
 * A key for one launch of the form, sent with its submission: sent again (a
 * double click, a retry after an answer that never came) it finds the task
 * already written instead of publishing twice. getRandomValues, unlike
 * randomUUID, also works on a studio served over plain http.
 */
function launchKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** An alert above the launch button whose description is a list of lines (notices, refusals). */
function ListAlert({
  type,
  testId,
  message,
  lines,
}: {
  type: 'info' | 'error'
  testId: string
  message: string
  lines: { key: string; text: string }[]
}) {
  return (
    <Alert
      type={type}
      showIcon
      data-testid={testId}
      style={{ marginBottom: 12 }}
      message={message}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {lines.map((line) => (
            <li key={line.key}>{line.text}</li>
          ))}
        </ul>
      }
    />
  )
}

/** Where on the form a rule's field is (per-platform fields under their platform). */
function fieldPath(entry: { field: string; platform?: UploadPlatform }): (string | number)[] {
  if (['category', 'subcategory', 'event_tag'].includes(entry.field) && entry.platform) {
    return [entry.field, entry.platform]
  }
  return [entry.field]
}

/**
 * The station's launchpad (SPEC §2 'Video Upload Station'): the creator,
 * the platforms with each one's login checked, the two files sent as they
 * are dropped, the texts with their per-platform limits, each platform's
 * own fields, the schedule — the shared rules (api/shared/uploads.ts)
 * checked as the form changes, and the server's verdict on submission.
 */
export function Launchpad({
  onClose,
  onSubmitted,
}: {
  onClose: () => void
  onSubmitted: (task: UploadTaskRow) => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<StationValues>()
  const values = (Form.useWatch([], form) ?? INITIAL) as Partial<StationValues>
  const video = useTransfer('video')
  const thumbnail = useTransfer('thumbnail')
  const [tried, setTried] = useState(false)
  const [refusal, setRefusal] = useState<string[]>([])
  const requestKey = useRef(launchKey())
  const creators = useCreatorSelect({})
  const creatorId = values.creator_id
  const platforms = UPLOAD_PLATFORMS.filter((platform) => values.platforms?.includes(platform))
  const logins = {
    bilibili: useLoginCheck('bilibili', creatorId),
    xigua: useLoginCheck('xigua', creatorId),
    haokan: useLoginCheck('haokan', creatorId),
  }
  const { mutate, mutation } = useCustomMutation<{ task: UploadTaskRow }>()

  const verdict = useMemo(
    () =>
      checkUpload(
        rulesInput(values),
        {
          video: video.state.status !== 'idle' && !video.state.problem,
          thumbnail: thumbnail.state.status !== 'idle' && !thumbnail.state.problem,
          videoDurationS: video.state.durationS,
        },
        Date.now()
      ),
    [values, video.state, thumbnail.state]
  )
  const words = (group: 'rules' | 'notices', entry: UploadViolation | UploadNotice) =>
    t(`uploads.${group}.${entry.key}`, {
      ...entry.params,
      ...(entry.platform ? { platform: t(`uploads.platforms.${entry.platform}`) } : {}),
    })

  const showViolations = () => {
    form.setFields(
      verdict.violations
        .filter((violation) => !['video', 'thumbnail'].includes(violation.field))
        .map((violation) => ({
          name: fieldPath(violation) as never,
          errors: [words('rules', violation)],
        }))
    )
  }

  const launch = async () => {
    setTried(true)
    setRefusal([])
    try {
      await form.validateFields()
    } catch {
      return
    }
    if (verdict.violations.length) {
      showViolations()
      setRefusal(verdict.violations.map((violation) => words('rules', violation)))
      return
    }
    if ([video.state, thumbnail.state].some((state) => state.status !== 'done')) {
      const failed = [video.state, thumbnail.state].some((state) => state.status === 'error')
      setRefusal([t(failed ? 'uploads.errors.upload_failed' : 'uploads.errors.in_progress')])
      return
    }
    const blocked = platforms.filter((platform) => logins[platform].data?.ok !== true)
    if (blocked.length) {
      setRefusal(
        blocked.map(
          (platform) =>
            logins[platform].data?.message ??
            (logins[platform].loading
              ? t('uploads.station.login.checking')
              : t(`uploads.errors.platform_failed.${platform}`))
        )
      )
      return
    }
    const submitted = form.getFieldsValue(true) as StationValues
    mutate(
      {
        url: '/api/video/upload',
        method: 'post',
        values: {
          ...payloadOf(submitted, video.state.uploadId!, thumbnail.state.uploadId!),
          request_key: requestKey.current,
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          void message.success(t('uploads.station.launched'))
          onSubmitted(data.task)
          requestKey.current = launchKey()
          form.resetFields(['title', 'detail', 'tags', 'scheduled_at', 'subscribe_at_s'])
          video.clear()
          thumbnail.clear()
          setTried(false)
        },
        onError: (error: HttpError) => {
          const messages = Object.values(error.errors ?? {}).flatMap((value) =>
            (Array.isArray(value) ? value : [value]).map(String)
          )
          setRefusal(
            messages.length ? messages : [error.message || t('uploads.errors.upload_failed')]
          )
        },
      }
    )
  }

  const counter = (text: string | undefined, limits: Record<UploadPlatform, number>) => (
    <Space size={12} wrap>
      {platforms.map((platform) => {
        const count = characterCount(text ?? '')
        const over = count > limits[platform]
        return (
          <Typography.Text key={platform} type={over ? 'warning' : 'secondary'}>
            {t(`uploads.platforms.${platform}`)} {count}/{limits[platform]}
          </Typography.Text>
        )
      })}
    </Space>
  )
  const latest = video.state.durationS !== null ? latestSubscribeStart(video.state.durationS) : null
  const fileErrors = tried
    ? verdict.violations.filter((violation) => ['video', 'thumbnail'].includes(violation.field))
    : []

  return (
    <Card
      title={
        <Space>
          <RocketOutlined />
          {t('uploads.station.launchpad')}
        </Space>
      }
      extra={
        <Button icon={<CloseOutlined />} onClick={onClose} data-testid="launchpad-close">
          {t('uploads.station.close')}
        </Button>
      }
      data-testid="launchpad"
    >
      <Form<StationValues>
        form={form}
        layout="vertical"
        initialValues={INITIAL}
        onFinish={() => void launch()}
        requiredMark
      >
        <Row gutter={[24, 0]}>
          <Col xs={24} xl={10}>
            <Form.Item
              name="creator_id"
              label={t('uploads.station.fields.creator')}
              rules={[{ required: true, message: t('uploads.station.creator_required') }]}
            >
              <Select
                {...creators}
                allowClear
                placeholder={t('uploads.station.placeholders.creator')}
                data-testid="creator-select"
              />
            </Form.Item>
            <Form.Item name="platforms" label={t('uploads.station.fields.platforms')} required>
              <Checkbox.Group style={{ width: '100%' }} data-testid="platforms">
                <Space direction="vertical" style={{ width: '100%' }}>
                  {UPLOAD_PLATFORMS.map((platform) => (
                    <Space key={platform} wrap>
                      <Checkbox value={platform} data-testid={`platform-${platform}`}>
                        <Space size={6}>
                          <PlatformLogo platform={platform} />
                          {t(`uploads.platforms.${platform}`)}
                        </Space>
                      </Checkbox>
                      {creatorId && platforms.includes(platform) && (
                        <LoginLine platform={platform} check={logins[platform]} />
                      )}
                    </Space>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
            {([video, thumbnail] as const).map((transfer) => (
              <Form.Item
                key={transfer.kind}
                label={t(`uploads.station.fields.${transfer.kind}`)}
                required
              >
                <FileDrop transfer={transfer} />
              </Form.Item>
            ))}
            {fileErrors.length > 0 && (
              <Typography.Text type="danger">{t('uploads.errors.files_required')}</Typography.Text>
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('uploads.station.resume_hint')}
            </Typography.Paragraph>
          </Col>
          <Col xs={24} xl={14}>
            <Form.Item
              name="title"
              label={t('uploads.station.fields.title')}
              required
              extra={counter(values.title, TITLE_MAX)}
            >
              <Input maxLength={1000} data-testid="title" />
            </Form.Item>
            <Form.Item
              name="detail"
              label={t('uploads.station.fields.detail')}
              extra={counter(values.detail, DETAIL_MAX)}
            >
              <Input.TextArea rows={3} maxLength={10000} data-testid="detail" />
            </Form.Item>
            <Form.Item
              name="tags"
              label={t('uploads.station.fields.tags')}
              extra={t('uploads.station.tags_hint')}
            >
              <TagSelect platform={platforms[0] ?? 'bilibili'} creatorId={creatorId} />
            </Form.Item>
            <Space direction="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
              {platforms.map((platform) => (
                <PlatformSection key={platform} platform={platform} creatorId={creatorId} />
              ))}
            </Space>
            <Space wrap size={[24, 0]} align="start">
              {(['share', 'advert'] as const).map((flag) => (
                <Form.Item
                  key={flag}
                  name={flag}
                  label={t(`uploads.station.fields.${flag}`)}
                  valuePropName="checked"
                >
                  <Switch data-testid={flag} />
                </Form.Item>
              ))}
              <Form.Item
                name="scheduled_at"
                label={t('uploads.station.fields.scheduled_at')}
                extra={t('uploads.station.schedule_hint', {
                  bilibili: SCHEDULE_LEAD_HOURS.bilibili,
                  xigua: SCHEDULE_LEAD_HOURS.xigua,
                  haokan: SCHEDULE_LEAD_HOURS.haokan,
                })}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  placeholder={t('uploads.schedule.immediate')}
                  data-testid="scheduled-at"
                />
              </Form.Item>
              {platforms.includes('xigua') && (
                <Form.Item
                  name="subscribe_at_s"
                  label={t('uploads.station.fields.subscribe_at_s')}
                  extra={
                    latest !== null
                      ? t('uploads.station.subscribe_hint', {
                          seconds: SUBSCRIBE_BUTTON_SECONDS,
                          latest: Math.max(latest, 0),
                        })
                      : t('uploads.station.subscribe_hint_unknown', {
                          seconds: SUBSCRIBE_BUTTON_SECONDS,
                        })
                  }
                >
                  <InputNumber min={0} precision={0} addonAfter="s" data-testid="subscribe-at" />
                </Form.Item>
              )}
            </Space>
            {verdict.notices.length > 0 && (
              <ListAlert
                type="info"
                testId="upload-notices"
                message={t('uploads.errors.text_cut')}
                lines={verdict.notices.map((notice) => ({
                  key: `${notice.key}-${notice.platform}`,
                  text: words('notices', notice),
                }))}
              />
            )}
            {refusal.length > 0 && (
              <ListAlert
                type="error"
                testId="upload-refusal"
                message={t('uploads.errors.check_failed')}
                lines={refusal.map((text) => ({ key: text, text }))}
              />
            )}
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                icon={<RocketOutlined />}
                loading={mutation.isPending}
                data-testid="launch"
              >
                {t('uploads.station.launch')}
              </Button>
              {creatorId && (
                <Link to={`/app/creator_info?id=${creatorId}`}>
                  {t('uploads.station.open_creator')}
                </Link>
              )}
            </Space>
          </Col>
        </Row>
      </Form>
    </Card>
  )
}
