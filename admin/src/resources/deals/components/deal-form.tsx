import { useSelect } from '@refinedev/antd'
import { Form, Input, InputNumber, Modal, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { AD_FORMATS, CURRENCIES, PLATFORMS, TEAMS } from '@shared/constants'
import { MARKET_LIMITS } from '@shared/market'
import { settle } from '../../../lib/feedback'
import type { ModalForm } from '../../../lib/use-modal-forms'
import { useCreatorSelect } from '../../../lib/use-creator-select'
import type { StudioUser } from '../../../providers/identity'
import type { Deal } from '../types'

export interface DealValues {
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

/** A deal as the form edits it: the amount a number, the creator and owner by id. */
function valuesOf(deal: Deal | undefined, action: 'create' | 'edit'): Partial<DealValues> {
  if (!deal) return action === 'create' ? { currency: 'KRW' } : {}
  return {
    ...deal,
    amount: deal.amount === null ? null : Number(deal.amount),
    creator_id: deal.creator?.id ?? null,
    owner_id: deal.owner?.id ?? null,
  }
}

/** A deal's brief: brand, contact, creator, platform and format, amount, owner and team (companies: the brief only). */
export function DealForm({
  modal,
  title,
  staffSide,
}: {
  modal: ModalForm<Deal, DealValues>
  title: string
  staffSide: boolean
}) {
  const { t } = useTranslation()
  const { action, formProps, modalProps, open, record } = modal
  const deal = record
  const creators = useCreatorSelect({ known: deal?.creator, enabled: open && staffSide })
  const { selectProps: staff } = useSelect<StudioUser>({
    resource: 'users',
    optionValue: 'id',
    optionLabel: 'name',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    queryOptions: { enabled: open && staffSide },
  })

  return (
    <Modal {...modalProps} title={title} width={640}>
      <Form
        {...formProps}
        name={`deal-${action}`}
        initialValues={valuesOf(deal, action)}
        onFinish={settle(formProps.onFinish)}
        layout="vertical"
        data-testid="deal-form"
      >
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
            <Select {...creators} allowClear placeholder={t('market.creator_placeholder')} />
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
                {...staff}
                allowClear
                showSearch
                filterOption={undefined}
                onSearch={undefined}
                optionFilterProp="label"
                style={{ width: 220 }}
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
