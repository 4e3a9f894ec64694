import { useCustom } from '@refinedev/core'
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
} from 'antd'
import dayjs from 'dayjs'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ALLOWED_SETTLEMENT_ORDERS,
  RATE_SOURCES,
  SETTLEMENT_LIMITS,
  SETTLEMENT_RATE_KEYS,
  type SettlementStep,
} from '@shared/settlement'
import { useSaveFeedback } from '../../lib/feedback'
import { useCustomForm } from '../../lib/use-custom-form'
import type { ExchangeRate, RateSet } from './types'

/** A version of the rates with its order of operations. */
type RateVersion = RateSet & { steps: SettlementStep[] }

/**
 * A form of this tab: its values go to `url`; on success a short message and
 * the tab's data read again; the server's field errors land on their fields.
 */
function useTabForm(url: string, method: 'post' | 'put', refetch: () => unknown) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const [form] = Form.useForm()
  const { submit, saving } = useCustomForm<Record<string, unknown>>({
    url,
    method,
    form,
    onSuccess: () => {
      feedback.succeeded(t('settlement.saved'))
      void refetch()
    },
  })
  return { form, submit, saving }
}

/** An order of operations as the reader reads it: '1. China taxes → 2. …'. */
function useOrderLabel() {
  const { t } = useTranslation()
  return (steps: readonly string[] | undefined) =>
    (steps ?? []).map((step, index) => `${index + 1}. ${t(`settlement.steps.${step}`)}`).join(' → ')
}

/** Exchange rates (won per unit, dated, with their source) as finance enters them. */
export function ExchangeRatesTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation()
  const { query } = useCustom<ExchangeRate[]>({
    url: '/api/exchange-rates',
    method: 'get',
    errorNotification: false,
  })
  const { form, submit, saving } = useTabForm('/api/exchange-rates', 'post', query.refetch)
  const save = (values: {
    currency: string
    rate: string
    rate_date: dayjs.Dayjs
    source: string
    note?: string
  }) =>
    submit({
      ...values,
      rate: Number(values.rate),
      rate_date: values.rate_date.format('YYYY-MM-DD'),
    })
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canManage ? (
        <Form
          form={form}
          layout="inline"
          onFinish={save}
          initialValues={{ currency: 'CNY', source: 'manual', rate_date: dayjs() }}
          data-testid="rate-form"
        >
          <Form.Item name="currency" label={t('settlement.fields.currency')}>
            <Select
              style={{ width: 90 }}
              options={['CNY', 'USD'].map((key) => ({ value: key, label: key }))}
            />
          </Form.Item>
          <Form.Item
            name="rate"
            label={t('settlement.fields.rate')}
            rules={[{ required: true, message: t('settlement.required') }]}
          >
            <InputNumber
              min={0.0001}
              max={Number(SETTLEMENT_LIMITS.rateMax)}
              precision={4}
              stringMode
              style={{ width: 140 }}
            />
          </Form.Item>
          <Form.Item
            name="rate_date"
            label={t('settlement.fields.date')}
            rules={[{ required: true, message: t('settlement.required') }]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item name="source" label={t('settlement.fields.source')}>
            <Select
              style={{ width: 190 }}
              popupMatchSelectWidth={false}
              options={RATE_SOURCES.map((key) => ({
                value: key,
                label: t(`settlement.sources.${key}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="note">
            <Input
              placeholder={t('settlement.fields.note')}
              maxLength={SETTLEMENT_LIMITS.noteMax}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('buttons.save')}
          </Button>
        </Form>
      ) : null}
      <Table<ExchangeRate>
        size="middle"
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.data ?? []}
        data-testid="rate-table"
        columns={[
          { dataIndex: 'rate_date', title: t('settlement.fields.date') },
          { dataIndex: 'currency', title: t('settlement.fields.currency') },
          { dataIndex: 'rate', title: t('settlement.fields.rate'), align: 'right' },
          {
            dataIndex: 'source',
            title: t('settlement.fields.source'),
            render: (value) => t(`settlement.sources.${value}`),
          },
          { dataIndex: 'note', title: t('settlement.fields.note') },
        ]}
      />
    </Space>
  )
}

/** The rates in force (a new version on every change) and the versions before. */
export function SettlementRatesTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation()
  const orderLabel = useOrderLabel()
  const { query } = useCustom<{ current: RateVersion; history: RateVersion[] }>({
    url: '/api/settlements/rates',
    method: 'get',
    errorNotification: false,
  })
  const { form, submit, saving } = useTabForm('/api/settlements/rates', 'put', query.refetch)
  const current = query.data?.data.current
  // the form shows the version in force, again after each save
  useEffect(() => {
    if (current) form.setFieldsValue({ ...current, steps: current.steps.join(',') })
  }, [current, form])
  const orders = ALLOWED_SETTLEMENT_ORDERS.map((order) => ({
    value: order.join(','),
    label: orderLabel(order),
  }))
  const save = (values: Record<string, string | undefined>) =>
    submit(
      Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          key === 'note' ? value : key === 'steps' ? value?.split(',') : Number(value),
        ])
      )
    )
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {current ? (
        <Card title={t('settlement.rates_version', { version: current.version })}>
          {canManage ? (
            <Form form={form} layout="vertical" onFinish={save} data-testid="settlement-rates-form">
              <Space wrap>
                {SETTLEMENT_RATE_KEYS.map((key) => (
                  <Form.Item
                    key={key}
                    name={key}
                    label={t(`settlement.rates.${key}`)}
                    rules={[{ required: true, message: t('settlement.required') }]}
                  >
                    <InputNumber
                      min={0}
                      max={key === 'minimum_payout_krw' ? 100_000_000 : 1}
                      precision={key === 'minimum_payout_krw' ? 0 : 4}
                      stringMode
                      style={{ width: 180 }}
                    />
                  </Form.Item>
                ))}
              </Space>
              <Form.Item
                name="steps"
                label={t('settlement.order')}
                extra={t('settlement.order_help')}
              >
                <Select options={orders} style={{ maxWidth: 720 }} data-testid="settlement-order" />
              </Form.Item>
              <Form.Item name="note" label={t('settlement.fields.note')}>
                <Input maxLength={SETTLEMENT_LIMITS.noteMax} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('settlement.save_rates')}
              </Button>
            </Form>
          ) : (
            <Descriptions size="small" column={2}>
              {SETTLEMENT_RATE_KEYS.map((key) => (
                <Descriptions.Item key={key} label={t(`settlement.rates.${key}`)}>
                  {current[key]}
                </Descriptions.Item>
              ))}
              <Descriptions.Item label={t('settlement.order')} span={2}>
                {orderLabel(current.steps)}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      ) : null}
      <Table<RateVersion>
        size="small"
        rowKey="version"
        dataSource={query.data?.data.history ?? []}
        pagination={false}
        columns={[
          { dataIndex: 'version', title: t('settlement.version') },
          ...SETTLEMENT_RATE_KEYS.map((key) => ({
            dataIndex: key,
            title: t(`settlement.rates.${key}`),
          })),
          {
            dataIndex: 'steps',
            title: t('settlement.order'),
            render: (steps: string[] | undefined) => orderLabel(steps),
          },
          {
            dataIndex: 'created_at',
            title: t('settlement.fields.date'),
            render: (value: string | null) => value?.slice(0, 10),
          },
        ]}
      />
    </Space>
  )
}
