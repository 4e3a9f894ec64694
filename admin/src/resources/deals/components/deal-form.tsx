import { useEffect, useState } from 'react'
import { useList } from '@refinedev/core'
import { App, Form, Input, InputNumber, Modal, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { AD_FORMATS, CURRENCIES, PLATFORMS, TEAMS } from '@shared/constants'
import { MARKET_LIMITS } from '@shared/market'
import { api } from '../../../providers/http'
import { applyServerErrors } from '../../../lib/form-errors'
import { useCreatorOptions } from '../../../lib/use-creator-options'
import type { StudioUser } from '../../../providers/identity'
import type { Deal } from '../types'

interface Values {
  brand: string
  contact_name?: string | null
  contact_email?: string | null
  creator_id?: number | null
  platform?: string | null
  format?: string | null
  amount?: number | null
  currency?: string
  owner_id?: number | null
  team?: string | null
  note?: string | null
}

/** A deal's brief: brand, contact, creator, platform and format, amount, owner and team (companies: the brief only). */
export function DealForm({
  open,
  deal,
  staffSide,
  onClose,
}: {
  open: boolean
  deal: Deal | null
  staffSide: boolean
  onClose: (saved: boolean) => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const { options: creators, setOptions: setCreators, search: searchCreators } = useCreatorOptions()
  const { result: staff } = useList<StudioUser>({
    resource: 'users',
    pagination: { currentPage: 1, pageSize: 100 },
    queryOptions: { enabled: open && staffSide },
  })

  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (deal) {
      form.setFieldsValue({
        ...deal,
        amount: deal.amount === null ? null : Number(deal.amount),
        creator_id: deal.creator?.id ?? null,
        owner_id: deal.owner?.id ?? null,
      })
      setCreators(deal.creator ? [{ value: deal.creator.id, label: deal.creator.name }] : [])
    } else {
      form.setFieldsValue({ currency: 'KRW' })
      if (staffSide) void searchCreators('')
    }
  }, [open, deal]) // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setSaving(true)
    try {
      if (deal) await api.put(`/api/market/deals/${deal.id}`, values)
      else await api.post('/api/market/deals', values)
      message.success(t('market.saved'))
      onClose(true)
    } catch (error: any) {
      if (!applyServerErrors(form, error))
        message.error(error?.message || t('errors.request_failed'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={
        deal ? t('market.edit_deal') : staffSide ? t('market.new_deal') : t('market.new_enquiry')
      }
      okText={t('buttons.save')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="deal-form">
        {staffSide && (
          <Form.Item
            name="brand"
            label={t('market.brand')}
            rules={[
              { required: true, whitespace: true, message: t('market.brand_required') },
              { max: MARKET_LIMITS.brandMax },
            ]}
          >
            <Input data-testid="deal-brand" />
          </Form.Item>
        )}
        {!staffSide && (
          <Form.Item name="brand" hidden initialValue="-">
            <Input />
          </Form.Item>
        )}
        <Space wrap>
          <Form.Item name="contact_name" label={t('market.contact_name')}>
            <Input style={{ width: 200 }} maxLength={100} />
          </Form.Item>
          <Form.Item
            name="contact_email"
            label={t('market.contact_email')}
            rules={[{ type: 'email', message: t('register.validation.email_invalid') }]}
          >
            <Input style={{ width: 260 }} />
          </Form.Item>
        </Space>
        {staffSide && (
          <Form.Item name="creator_id" label={t('market.creator')}>
            <Select
              allowClear
              showSearch
              filterOption={false}
              onSearch={(value) => void searchCreators(value)}
              options={creators}
              placeholder={t('market.creator_placeholder')}
            />
          </Form.Item>
        )}
        <Space wrap>
          <Form.Item name="platform" label={t('market.platform')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={PLATFORMS.map((platform) => ({
                value: platform,
                label: t(`enum.platform.${platform}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="format" label={t('market.format')}>
            <Select
              allowClear
              style={{ width: 170 }}
              options={AD_FORMATS.map((format) => ({
                value: format,
                label: t(`enum.ad_format.${format}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="amount" label={t('market.amount')}>
            <InputNumber
              min={0}
              max={MARKET_LIMITS.amountMax}
              precision={2}
              style={{ width: 180 }}
              data-testid="deal-amount"
            />
          </Form.Item>
          <Form.Item name="currency" label={t('market.currency')}>
            <Select
              style={{ width: 100 }}
              options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
            />
          </Form.Item>
        </Space>
        {staffSide && (
          <Space wrap>
            <Form.Item name="owner_id" label={t('market.owner')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ width: 220 }}
                options={(staff?.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
              />
            </Form.Item>
            <Form.Item name="team" label={t('market.team')}>
              <Select
                allowClear
                style={{ width: 180 }}
                options={TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) }))}
              />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="note" label={t('market.note')}>
          <Input.TextArea rows={3} maxLength={MARKET_LIMITS.noteMax} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
