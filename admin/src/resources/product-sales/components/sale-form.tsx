import { useEffect, useState } from 'react'
import { App, DatePicker, Form, Input, InputNumber, Modal, Select, Space } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { CURRENCIES, PLATFORMS } from '@shared/constants'
import { MARKET_LIMITS } from '@shared/market'
import { api } from '../../../providers/http'
import { applyServerErrors } from '../../../lib/form-errors'
import { useCreatorOptions } from '../../../lib/use-creator-options'
import type { Sale } from '../types'

interface Values {
  creator_id: number
  platform: string
  month: Dayjs
  product: string
  items: number
  orders: number
  gmv: number
  commission: number
  currency: string
}

/** One product's sales by a creator on a platform in a month. */
export function SaleForm({
  open,
  sale,
  onClose,
}: {
  open: boolean
  sale: Sale | null
  onClose: (saved: boolean) => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const { options: creators, setOptions: setCreators, search: searchCreators } = useCreatorOptions()

  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (sale) {
      setCreators(sale.creator ? [{ value: sale.creator.id, label: sale.creator.name }] : [])
      form.setFieldsValue({
        ...sale,
        creator_id: sale.creator?.id,
        month: dayjs(`${sale.month}-01`),
        gmv: Number(sale.gmv),
        commission: Number(sale.commission),
      })
    } else {
      void searchCreators('')
      form.setFieldsValue({
        currency: 'CNY',
        month: dayjs().subtract(1, 'month'),
        items: 0,
        orders: 0,
      })
    }
  }, [open, sale]) // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setSaving(true)
    const payload = { ...values, month: values.month.format('YYYY-MM') }
    try {
      if (sale) await api.put(`/api/products/sales/${sale.id}`, payload)
      else await api.post('/api/products/sales', payload)
      message.success(t('commerce.saved'))
      onClose(true)
    } catch (error: any) {
      if (!applyServerErrors(form, error))
        message.error(error?.message || t('errors.request_failed'))
    } finally {
      setSaving(false)
    }
  }

  const required = { required: true, message: t('commerce.required') }
  return (
    <Modal
      open={open}
      title={sale ? t('commerce.edit') : t('commerce.add')}
      okText={t('buttons.save')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      width={620}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="sale-form">
        <Form.Item name="creator_id" label={t('commerce.creator')} rules={[required]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={(value) => void searchCreators(value)}
            options={creators}
          />
        </Form.Item>
        <Space wrap>
          <Form.Item name="platform" label={t('commerce.platform')} rules={[required]}>
            <Select
              style={{ width: 160 }}
              options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
            />
          </Form.Item>
          <Form.Item name="month" label={t('commerce.month')} rules={[required]}>
            <DatePicker picker="month" />
          </Form.Item>
          <Form.Item name="currency" label={t('commerce.currency')}>
            <Select
              style={{ width: 100 }}
              options={CURRENCIES.map((key) => ({ value: key, label: key }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="product"
          label={t('commerce.product')}
          rules={[required, { max: MARKET_LIMITS.productMax }]}
        >
          <Input maxLength={MARKET_LIMITS.productMax} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="items" label={t('commerce.items')} rules={[required]}>
            <InputNumber min={0} max={MARKET_LIMITS.countMax} precision={0} />
          </Form.Item>
          <Form.Item name="orders" label={t('commerce.orders')} rules={[required]}>
            <InputNumber min={0} max={MARKET_LIMITS.countMax} precision={0} />
          </Form.Item>
          <Form.Item name="gmv" label={t('commerce.gmv')} rules={[required]}>
            <InputNumber
              min={0}
              max={MARKET_LIMITS.amountMax}
              precision={2}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item name="commission" label={t('commerce.commission')} rules={[required]}>
            <InputNumber
              min={0}
              max={MARKET_LIMITS.amountMax}
              precision={2}
              style={{ width: 160 }}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  )
}
