import { useState } from 'react'
import { useCustomMutation } from '@refinedev/core'
import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  TimePicker,
  type ButtonProps,
  type FormInstance,
} from 'antd'
import { useTranslation } from 'react-i18next'
import type { Dayjs } from 'dayjs'
import { PLATFORMS } from '@shared/constants'
import {
  CRAWL_MINUTE_STEP,
  OUTSIDE_LIMITS,
  OUTSIDE_PURPOSES,
  REPLAY_STRATEGIES,
  isCrawlTime,
} from '@shared/outside'
import { settle } from '../../lib/feedback'
import type { ModalForm } from '../../lib/use-modal-forms'
import type { OutsideCreatorRow, TaskValues } from './types'

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

/** The link box: the server reads the link (POST /api/outside_creators/parse) and fills platform + uid. */
function LinkBox({ form }: { form: FormInstance<TaskValues> }) {
  const { t } = useTranslation()
  const { mutate, mutation } = useCustomMutation<{ platform: string; uid: string }>()
  const read = () => {
    const link = form.getFieldValue('link')
    if (!link) return
    mutate(
      {
        url: '/api/outside_creators/parse',
        method: 'post',
        values: { link, platform: form.getFieldValue('platform') },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          form.setFieldsValue({ platform: data.platform as never, uid: data.uid })
          form.setFields([{ name: 'link', errors: [] }])
        },
        onError: (error) => form.setFields([{ name: 'link', errors: [error.message] }]),
      }
    )
  }
  return (
    <Form.Item label={t('outside.form.link')} extra={t('outside.form.link_help')}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="link" noStyle rules={[{ max: OUTSIDE_LIMITS.urlMax }]}>
          <Input
            placeholder="https://space.bilibili.com/546195"
            onBlur={read}
            onPressEnter={(event) => {
              event.preventDefault()
              read()
            }}
            data-testid="outside-link"
          />
        </Form.Item>
        <Button onClick={read} loading={mutation.isPending} data-testid="outside-link-read">
          {t('outside.form.read_link')}
        </Button>
      </Space.Compact>
    </Form.Item>
  )
}

/** The scraping times: typed or picked in 5-minute steps; a minute not ending in 0 or 5 is refused. */
function CustomTimes({ form }: { form: FormInstance<TaskValues> }) {
  const { t } = useTranslation()
  const [picked, setPicked] = useState<Dayjs | null>(null)
  return (
    <Form.Item label={t('outside.fields.custom_times')} extra={t('outside.form.times_help')}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="custom_times"
          noStyle
          rules={[
            {
              validator: async (_, values: string[] | undefined) => {
                const bad = (values ?? []).find((value) => !isCrawlTime(value.trim()))
                if (bad) throw new Error(t('outside.form.bad_minute', { value: bad }))
                if ((values ?? []).length > OUTSIDE_LIMITS.customTimesMax) {
                  throw new Error(
                    t('outside.form.too_many_times', { max: OUTSIDE_LIMITS.customTimesMax })
                  )
                }
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',', ' ']}
            placeholder="09:00, 21:30"
            style={{ width: '100%' }}
            data-testid="outside-times"
          />
        </Form.Item>
        <TimePicker
          format="HH:mm"
          minuteStep={CRAWL_MINUTE_STEP}
          value={picked}
          needConfirm={false}
          onChange={(value) => {
            setPicked(null)
            if (!value) return
            const time = value.format('HH:mm')
            const times = new Set<string>(form.getFieldValue('custom_times') ?? [])
            times.add(time)
            form.setFieldValue('custom_times', [...times].sort())
            void form.validateFields(['custom_times'])
          }}
          placeholder={t('outside.form.pick_time')}
          style={{ width: 140 }}
          data-testid="outside-time-picker"
        />
      </Space.Compact>
    </Form.Item>
  )
}

/**
 * One form for adding and editing a crawl task (useModalForms): the
 * creator (link box, or platform + uid; on add only), its label, and the
 * schedule — parking interval, interval hours, custom times, the replay
 * strategy (a default and per hour) and the auto new-video crawl.
 */
export function TaskFormModal({ modal }: { modal: ModalForm<OutsideCreatorRow, TaskValues> }) {
  const { t } = useTranslation()
  const { formProps, modalProps, action } = modal
  const form = formProps.form as FormInstance<TaskValues>
  const strategies = REPLAY_STRATEGIES.map((key) => ({
    value: key,
    label: t(`outside.replay.${key}`),
  }))
  return (
    <Modal
      {...modalProps}
      title={t(action === 'create' ? 'outside.form.add_title' : 'outside.form.edit_title')}
      okText={t('buttons.save')}
      okButtonProps={{ ...modalProps.okButtonProps, 'data-testid': 'outside-save' } as ButtonProps}
      width={720}
    >
      <Form
        {...formProps}
        onFinish={settle((values: TaskValues) => {
          const replay = Object.fromEntries(
            Object.entries(values.replay_by_hour ?? {}).filter(([, value]) => value)
          )
          return formProps.onFinish?.({ ...values, replay_by_hour: replay })
        })}
        layout="vertical"
        data-testid="outside-form"
        initialValues={{
          purpose: 'prospect',
          interval_days: 1,
          interval_hours: 0,
          replay_strategy: 'late',
          auto_video_crawl: false,
          custom_times: [],
        }}
      >
        {action === 'create' && (
          <>
            <LinkBox form={form} />
            <Row gutter={12}>
              <Col span={10}>
                <Form.Item name="platform" label={t('outside.fields.platform')}>
                  <Select
                    allowClear
                    options={PLATFORMS.map((key) => ({
                      value: key,
                      label: t(`enum.platform.${key}`),
                    }))}
                    data-testid="outside-platform"
                  />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item
                  name="uid"
                  label={t('outside.fields.uid')}
                  rules={[{ max: OUTSIDE_LIMITS.uidMax }]}
                >
                  <Input data-testid="outside-uid" />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item
              name="name"
              label={t('outside.fields.name')}
              rules={[{ max: OUTSIDE_LIMITS.nameMax }]}
            >
              <Input data-testid="outside-name" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="purpose" label={t('outside.fields.purpose')}>
              <Select
                options={OUTSIDE_PURPOSES.map((key) => ({
                  value: key,
                  label: t(`outside.purposes.${key}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="interval_days" label={t('outside.fields.interval_days')}>
              <InputNumber min={1} max={OUTSIDE_LIMITS.intervalDaysMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="interval_hours"
              label={t('outside.fields.interval_hours')}
              tooltip={t('outside.form.hours_help')}
            >
              <InputNumber
                min={0}
                max={OUTSIDE_LIMITS.intervalHoursMax}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="auto_video_crawl"
              label={t('outside.fields.auto_video_crawl')}
              valuePropName="checked"
            >
              <Switch data-testid="outside-auto-video" />
            </Form.Item>
          </Col>
        </Row>
        <CustomTimes form={form} />
        <Form.Item
          name="replay_strategy"
          label={t('outside.fields.replay_strategy')}
          extra={t('outside.form.replay_help')}
        >
          <Select options={strategies} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label={t('outside.fields.replay_by_hour')}>
          <Row gutter={[8, 4]}>
            {HOURS.map((hour) => (
              <Col span={4} key={hour}>
                <Form.Item name={['replay_by_hour', String(hour)]} noStyle>
                  <Select
                    allowClear
                    size="small"
                    style={{ width: '100%' }}
                    placeholder={`${String(hour).padStart(2, '0')}:00`}
                    options={strategies}
                    aria-label={`${String(hour).padStart(2, '0')}:00`}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form.Item>
        <Form.Item
          name="note"
          label={t('outside.fields.note')}
          rules={[{ max: OUTSIDE_LIMITS.noteMax }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
