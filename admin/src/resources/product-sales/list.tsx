import { useState } from 'react'
import { useCan, useCustom } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Input,
  Row,
  Select,
  Space,
  Statistic,
  Table,
} from 'antd'
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import type { Dayjs } from 'dayjs'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { RowActions } from '../../components/row-actions'
import { useNumberFormat } from '../../lib/format'
import { useModalForms } from '../../lib/use-modal-forms'
import { ImportModal } from './components/import-modal'
import { SalesCharts } from './components/sales-charts'
import { SaleForm, type SaleValues } from './components/sale-form'
import type { Sale, SalesSummary } from './types'

/** /app/products — E-Commerce: creators' product sales per platform and month, entered or imported, charted. */
export function ProductSaleList() {
  const { t } = useTranslation()
  const { format, axis, money } = useNumberFormat()
  const { data: canWrite } = useCan({ resource: 'commerce', action: 'write' })
  const [filters, setFilters] = useState<Record<string, string | undefined>>({})
  const [importing, setImporting] = useState(false)
  const permanent = Object.entries(filters).map(([field, value]) => ({
    field,
    operator: 'eq' as const,
    value,
  }))
  const { tableProps, tableQuery } = useTable<Sale>({
    resource: 'products/sales',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent },
  })
  const { query: summaryQuery } = useCustom<SalesSummary>({
    url: '/api/products/sales/summary',
    method: 'get',
    config: { query: filters },
  })
  const summary = summaryQuery.data?.data
  const set = (field: string, value?: string) =>
    setFilters((current) => ({ ...current, [field]: value }))
  const refresh = () => Promise.all([tableQuery.refetch(), summaryQuery.refetch()])
  const { create, edit } = useModalForms<Sale, SaleValues>(
    'products/sales',
    t('commerce.saved'),
    () => void summaryQuery.refetch()
  )

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('menu.products')}
        extra={
          canWrite?.can ? (
            <Space>
              <Button
                icon={<UploadOutlined />}
                onClick={() => setImporting(true)}
                data-testid="sale-import"
              >
                {t('commerce.import')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => create.show()}
                data-testid="sale-add"
              >
                {t('commerce.add')}
              </Button>
            </Space>
          ) : null
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('commerce.search')}
            onSearch={(value) => set('q', value.trim() || undefined)}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            placeholder={t('commerce.platform')}
            style={{ width: 150 }}
            onChange={(value) => set('platform', value)}
            options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
          />
          <DatePicker.RangePicker
            picker="month"
            onChange={(range) => {
              const [from, to] = (range ?? []) as [Dayjs | null, Dayjs | null]
              setFilters((current) => ({
                ...current,
                from: from?.format('YYYY-MM'),
                to: to?.format('YYYY-MM'),
              }))
            }}
          />
        </Space>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic
              title={t('commerce.total_gmv')}
              value={summary ? `₩${format(summary.totals.gmv_krw)}` : '—'}
              loading={summaryQuery.isLoading}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('commerce.total_commission')}
              value={summary ? `₩${format(summary.totals.commission_krw)}` : '—'}
              loading={summaryQuery.isLoading}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('commerce.orders')}
              value={summary ? format(summary.totals.orders) : '—'}
              loading={summaryQuery.isLoading}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('commerce.records')}
              value={summary ? format(summary.totals.records) : '—'}
              loading={summaryQuery.isLoading}
            />
          </Col>
        </Row>
      </Card>
      {summary && summary.totals.records > 0 ? (
        <SalesCharts summary={summary} format={format} axis={axis} />
      ) : (
        <Card>
          <Empty description={t('commerce.empty')} />
        </Card>
      )}
      <Card title={t('commerce.records_title')}>
        <Table<Sale> {...tableProps} rowKey="id" size="middle" data-testid="sale-table">
          <Table.Column<Sale> dataIndex="month" title={t('commerce.month')} width={100} />
          <Table.Column<Sale>
            title={t('commerce.creator')}
            render={(_, row) =>
              row.creator ? (
                <Link to={`/app/creator_info?id=${row.creator.id}`}>{row.creator.name}</Link>
              ) : (
                '—'
              )
            }
          />
          <Table.Column<Sale>
            dataIndex="platform"
            title={t('commerce.platform')}
            render={(value) => t(`enum.platform.${value}`)}
          />
          <Table.Column<Sale> dataIndex="product" title={t('commerce.product')} />
          <Table.Column<Sale>
            dataIndex="company"
            title={t('commerce.company')}
            render={(company: Sale['company']) => company?.name ?? '—'}
          />
          <Table.Column<Sale>
            dataIndex="items"
            title={t('commerce.items')}
            align="right"
            render={(value) => format(value)}
          />
          <Table.Column<Sale>
            dataIndex="orders"
            title={t('commerce.orders')}
            align="right"
            render={(value) => format(value)}
          />
          <Table.Column<Sale>
            title={t('commerce.gmv')}
            align="right"
            render={(_, row) => `${money(row.gmv)} ${row.currency}`}
          />
          <Table.Column<Sale>
            title={t('commerce.commission')}
            align="right"
            render={(_, row) => `${money(row.commission)} ${row.currency}`}
          />
          {canWrite?.can && (
            <Table.Column<Sale>
              width={100}
              render={(_, row) => (
                <RowActions
                  resource="products/sales"
                  id={row.id}
                  confirm={t('commerce.delete_confirm')}
                  onEdit={() => edit.showRecord(row)}
                  onDeleted={() => void summaryQuery.refetch()}
                  editLabel={t('commerce.edit')}
                  deleteLabel={t('commerce.delete')}
                />
              )}
            />
          )}
        </Table>
      </Card>
      <SaleForm modal={create} title={t('commerce.add')} />
      <SaleForm modal={edit} title={t('commerce.edit')} />
      <ImportModal
        open={importing}
        onClose={(imported) => {
          setImporting(false)
          if (imported) void refresh()
        }}
      />
    </Space>
  )
}

export default ProductSaleList
