import { useState } from 'react'
import { useTable } from '@refinedev/antd'
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table } from 'antd'
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { REVENUE_CURRENCIES, REVENUE_KINDS, SETTLEMENT_LIMITS } from '@shared/settlement'
import { RowActions } from '../../components/row-actions'
import { WorkbookImportModal } from '../../components/workbook-import'
import { settle } from '../../lib/feedback'
import { useNumberFormat } from '../../lib/format'
import { useCreatorSelect } from '../../lib/use-creator-select'
import { useModalForms, type ModalForm } from '../../lib/use-modal-forms'
import type { Revenue } from './types'

interface RevenueValues {
  creator_id: number
  month: string
  platform: string
  kind: string
  currency: string
  amount: number
  note?: string | null
}

function RevenueForm({
  modal,
  month,
}: {
  modal: ModalForm<Revenue, RevenueValues>
  month: string
}) {
  const { t } = useTranslation()
  const { action, formProps, modalProps, open, record } = modal
  const creators = useCreatorSelect({
    known: record?.creator ? { id: record.creator.id, name: record.creator.channel_name } : null,
    enabled: open,
  })
  const finish = settle(formProps.onFinish)
  const required = { required: true, message: t('settlement.required') }
  const initial = record
    ? { ...record, creator_id: record.creator_id, amount: Number(record.amount) }
    : { kind: 'ad', currency: 'CNY' }
  return (
    <Modal
      {...modalProps}
      title={t(action === 'create' ? 'settlement.revenue.add' : 'settlement.revenue.edit')}
      width={620}
    >
      <Form
        {...formProps}
        name={`revenue-${action}`}
        initialValues={initial}
        onFinish={(values) => finish({ ...values, month: record?.month ?? month })}
        layout="vertical"
        data-testid="revenue-form"
      >
        <Form.Item name="creator_id" label={t('settlement.fields.creator')} rules={[required]}>
          <Select {...creators} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="platform" label={t('settlement.fields.platform')} rules={[required]}>
            <Select
              style={{ width: 160 }}
              options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="kind"
            label={t('settlement.fields.kind')}
            rules={[required]}
            extra={t('settlement.revenue.kind_help')}
          >
            <Select
              style={{ width: 140 }}
              options={REVENUE_KINDS.map((key) => ({
                value: key,
                label: t(`settlement.kinds.${key}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="currency" label={t('settlement.fields.currency')} rules={[required]}>
            <Select
              style={{ width: 100 }}
              options={REVENUE_CURRENCIES.map((key) => ({ value: key, label: key }))}
            />
          </Form.Item>
          <Form.Item name="amount" label={t('settlement.fields.amount')} rules={[required]}>
            <InputNumber
              min={0}
              max={Number(SETTLEMENT_LIMITS.amountMax)}
              precision={2}
              style={{ width: 180 }}
              stringMode
            />
          </Form.Item>
        </Space>
        <Form.Item name="note" label={t('settlement.fields.note')}>
          <Input maxLength={SETTLEMENT_LIMITS.noteMax} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** The month's revenue from a workbook, checked only (the default) or saved. */
function ImportModal({
  month,
  open,
  onClose,
}: {
  month: string
  open: boolean
  onClose: (done: boolean) => void
}) {
  const { t } = useTranslation()
  const [dryRun, setDryRun] = useState(true)
  return (
    <WorkbookImportModal
      open={open}
      title={t('settlement.import.title', { month })}
      help={{ message: t('settlement.import.columns') }}
      url="/api/revenues/import"
      fields={() => ({ month, dry_run: dryRun ? 'true' : 'false' })}
      drop={t('settlement.import.drop')}
      done={({ created, updated, unchanged }) =>
        t(dryRun ? 'settlement.import.checked' : 'settlement.import.done', {
          created,
          updated,
          unchanged,
        })
      }
      options={
        <Space>
          <Switch checked={dryRun} onChange={setDryRun} data-testid="revenue-import-dry-run" />
          {t('settlement.import.dry_run')}
        </Space>
      }
      testId="revenue-import"
      onClose={(answer) => onClose(Boolean(answer && !dryRun))}
    />
  )
}

/** The month's platform revenue: entered, edited, deleted or imported by finance. */
export function RevenueTab({
  month,
  canManage,
  onChanged,
}: {
  month: string
  canManage: boolean
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const { money } = useNumberFormat()
  const [importing, setImporting] = useState(false)
  const { tableProps, tableQuery } = useTable<Revenue>({
    resource: 'revenues',
    pagination: { pageSize: 50 },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'month', operator: 'eq', value: month }] },
  })
  const { create, edit } = useModalForms<Revenue, RevenueValues>(
    'revenues',
    t('settlement.saved'),
    onChanged
  )
  return (
    <>
      {canManage ? (
        <Space style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => create.show()}
            data-testid="revenue-add"
          >
            {t('settlement.revenue.add')}
          </Button>
          <Button
            icon={<UploadOutlined />}
            onClick={() => setImporting(true)}
            data-testid="revenue-import"
          >
            {t('settlement.import.button')}
          </Button>
        </Space>
      ) : null}
      <Table<Revenue> {...tableProps} rowKey="id" size="middle" data-testid="revenue-table">
        <Table.Column<Revenue>
          title={t('settlement.fields.creator')}
          render={(_, row) =>
            row.creator ? `${row.creator.channel_name} · ${row.creator.brand_no}` : '—'
          }
        />
        <Table.Column<Revenue>
          dataIndex="platform"
          title={t('settlement.fields.platform')}
          render={(value) => t(`enum.platform.${value}`)}
        />
        <Table.Column<Revenue>
          dataIndex="kind"
          title={t('settlement.fields.kind')}
          render={(value) => t(`settlement.kinds.${value}`)}
        />
        <Table.Column<Revenue>
          title={t('settlement.fields.amount')}
          align="right"
          render={(_, row) => `${money(row.amount)} ${row.currency}`}
        />
        <Table.Column<Revenue> dataIndex="note" title={t('settlement.fields.note')} />
        {canManage ? (
          <Table.Column<Revenue>
            width={110}
            render={(_, row) => (
              <RowActions
                resource="revenues"
                id={row.id}
                confirm={t('settlement.revenue.delete_confirm')}
                onEdit={() => edit.showRecord(row)}
                onDeleted={onChanged}
              />
            )}
          />
        ) : null}
      </Table>
      <RevenueForm modal={create} month={month} />
      <RevenueForm modal={edit} month={month} />
      <ImportModal
        month={month}
        open={importing}
        onClose={(done) => {
          setImporting(false)
          if (done) {
            void tableQuery.refetch()
            onChanged()
          }
        }}
      />
    </>
  )
}
