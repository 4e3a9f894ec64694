import { useCustom, useCustomMutation } from '@refinedev/core'
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
import { useTranslation } from 'react-i18next'
import { RATE_SOURCES, SETTLEMENT_LIMITS, SETTLEMENT_RATE_KEYS } from '@shared/settlement'
import { useSaveFeedback } from '../../lib/feedback'
import type { ExchangeRate, RateSet } from './types'

/** Exchange rates (won per unit, dated, with their source) as finance enters them. */
export function ExchangeRatesTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const [form] = Form.useForm()
  const { query } = useCustom<ExchangeRate[]>({
    url: '/api/exchange-rates',
    method: 'get',
    errorNotification: false,
  })
  const { mutate, mutation } = useCustomMutation()
  const save = (values: {
    currency: string
    rate: string
    rate_date: dayjs.Dayjs
    source: string
    note?: string
  }) =>
    mutate(
      {
        url: '/api/exchange-rates',
        method: 'post',
        values: {
          ...values,
          rate: Number(values.rate),
          rate_date: values.rate_date.format('YYYY-MM-DD'),
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          feedback.succeeded(t('settlement.saved'))
          void query.refetch()
        },
        onError: (error) => feedback.failed(error),
      }
    )
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
              style={{ width: 130 }}
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
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
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
  const feedback = useSaveFeedback()
  const { query } = useCustom<{ current: RateSet; history: RateSet[] }>({
    url: '/api/settlements/rates',
    method: 'get',
    errorNotification: false,
  })
  const { mutate, mutation } = useCustomMutation()
  const current = query.data?.data.current
  const save = (values: Record<string, string | undefined>) =>
    mutate(
      {
        url: '/api/settlements/rates',
        method: 'put',
        values: Object.fromEntries(
          Object.entries(values).map(([key, value]) => [
            key,
            key === 'note' ? value : Number(value),
          ])
        ),
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          feedback.succeeded(t('settlement.saved'))
          void query.refetch()
        },
        onError: (error) => feedback.failed(error),
      }
    )
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {current ? (
        <Card title={t('settlement.rates_version', { version: current.version })}>
          {canManage ? (
            <Form
              key={current.version}
              layout="vertical"
              initialValues={current}
              onFinish={save}
              data-testid="settlement-rates-form"
            >
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
              <Form.Item name="note" label={t('settlement.fields.note')}>
                <Input maxLength={SETTLEMENT_LIMITS.noteMax} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
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
            </Descriptions>
          )}
        </Card>
      ) : null}
      <Table<RateSet>
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
            dataIndex: 'created_at',
            title: t('settlement.fields.date'),
            render: (value: string | null) => value?.slice(0, 10),
          },
        ]}
      />
    </Space>
  )
}
