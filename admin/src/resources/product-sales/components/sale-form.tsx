import { DatePicker, Form, Input, InputNumber, Modal, Select, Space } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useCustom } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { CURRENCIES, PLATFORMS } from '@shared/constants'
import { MARKET_LIMITS } from '@shared/market'
import { settle } from '../../../lib/feedback'
import type { ModalForm } from '../../../lib/use-modal-forms'
import { useCreatorSelect } from '../../../lib/use-creator-select'
import type { Sale } from '../types'

export interface SaleValues {
  creator_id: number
  platform: string
  month: Dayjs | string
  product: string
  items: number
  orders: number
  gmv: number
  commission: number
  currency: string
  company_user_id?: number | null
}

/** A sale as the form edits it (the month a picker value, amounts numbers); a new one for last month in CNY. */
function valuesOf(sale: Sale | undefined, action: 'create' | 'edit'): Partial<SaleValues> {
  if (!sale) {
    return action === 'create'
      ? { currency: 'CNY', month: dayjs().subtract(1, 'month'), items: 0, orders: 0 }
      : {}
  }
  return {
    ...sale,
    creator_id: sale.creator?.id,
    company_user_id: sale.company?.id ?? null,
    month: dayjs(`${sale.month}-01`),
    gmv: Number(sale.gmv),
    commission: Number(sale.commission),
  }
}

/** One product's sales by a creator on a platform in a month. */
export function SaleForm({ modal, title }: { modal: ModalForm<Sale, SaleValues>; title: string }) {
  const { t } = useTranslation()
  const { action, formProps, modalProps, open, record } = modal
  const sale = record
  const creators = useCreatorSelect({ known: sale?.creator, enabled: open })
  const { query: companiesQuery } = useCustom<{ id: number; name: string }[]>({
    url: '/api/products/companies',
    method: 'get',
    queryOptions: { enabled: open },
    errorNotification: false,
  })
  const companies = (companiesQuery.data?.data ?? []).map((company) => ({
    value: company.id,
    label: company.name,
  }))
  const finish = settle(formProps.onFinish)
  const required = { required: true, message: t('commerce.required') }
  return (
    <Modal {...modalProps} title={title} width={620}>
      <Form
        {...formProps}
        name={`sale-${action}`}
        initialValues={valuesOf(sale, action)}
        onFinish={(values) =>
          finish({
            ...values,
            month: dayjs(values.month).format('YYYY-MM'),
            company_user_id: values.company_user_id ?? null,
          })
        }
        layout="vertical"
        data-testid="sale-form"
      >
        <Form.Item name="creator_id" label={t('commerce.creator')} rules={[required]}>
          <Select {...creators} />
        </Form.Item>
        <Form.Item
          name="company_user_id"
          label={t('commerce.company')}
          extra={t('commerce.company_help')}
        >
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('commerce.company_none')}
            options={companies}
            loading={companiesQuery.isLoading}
            data-testid="sale-company"
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
          {(['items', 'orders', 'gmv', 'commission'] as const).map((name) => {
            const money = name === 'gmv' || name === 'commission'
            return (
              <Form.Item key={name} name={name} label={t(`commerce.${name}`)} rules={[required]}>
                <InputNumber
                  min={0}
                  max={money ? MARKET_LIMITS.amountMax : MARKET_LIMITS.countMax}
                  precision={money ? 2 : 0}
                  style={money ? { width: 160 } : undefined}
                />
              </Form.Item>
            )
          })}
        </Space>
      </Form>
    </Modal>
  )
}
