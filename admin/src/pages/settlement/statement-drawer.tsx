import { useState } from 'react'
import { useCustom, useCustomMutation } from '@refinedev/core'
import {
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Typography,
} from 'antd'
import { FilePdfOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { SETTLEMENT_LIMITS } from '@shared/settlement'
import { DownloadButton } from '../../components/download-button'
import { nowrap } from '../../lib/table'
import { useSaveFeedback } from '../../lib/feedback'
import { useNumberFormat } from '../../lib/format'
import { StatusTag } from './statement-columns'
import type { Correction, Statement, StatementLine } from './types'

/** One statement with every SPEC §3 figure, its lines, the rates and rounding it used. */
export function StatementDrawer({
  id,
  canManage,
  onClose,
  onChanged,
}: {
  id: number | null
  canManage: boolean
  onClose: () => void
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const { money, format } = useNumberFormat()
  const feedback = useSaveFeedback()
  const [correcting, setCorrecting] = useState(false)
  const [form] = Form.useForm<{ amount_krw: string; reason: string }>()
  const required = [{ required: true, message: t('settlement.required') }]
  const { query } = useCustom<Statement>({
    url: `/api/settlements/${id}`,
    method: 'get',
    queryOptions: { enabled: id !== null },
    errorNotification: false,
  })
  const statement = id !== null ? query.data?.data : undefined
  const { mutate, mutation } = useCustomMutation()
  const act = (path: string, values: object, done: string) =>
    mutate(
      {
        url: `/api/settlements/${id}/${path}`,
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          feedback.succeeded(done)
          void query.refetch()
          onChanged()
        },
        onError: (error) => feedback.failed(error),
      }
    )
  const won = (value: string | undefined) => (value === undefined ? '—' : `₩${money(value)}`)
  const figure = (key: keyof Statement) => (
    <Descriptions.Item key={key} label={t(`settlement.figures.${key}`)}>
      <span data-testid={`figure-${key}`}>{won(statement?.[key] as string)}</span>
    </Descriptions.Item>
  )
  const corrections = (rows: Correction[] | undefined) => (
    <Table<Correction>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows ?? []}
      columns={[
        {
          dataIndex: 'amount_krw',
          title: t('settlement.figures.adjustments_krw'),
          render: won,
          align: 'right',
        },
        { dataIndex: 'reason', title: t('settlement.fields.reason') },
        {
          dataIndex: 'created_at',
          title: t('settlement.fields.date'),
          render: (value) => value?.slice(0, 10),
        },
      ]}
    />
  )
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={860}
      title={
        statement ? (
          <Space>
            {statement.creator?.channel_name ?? statement.creator_id} · {statement.month}
            <StatusTag status={statement.status} />
          </Space>
        ) : (
          t('settlement.statement')
        )
      }
      extra={
        statement ? (
          <Space>
            <DownloadButton
              url={`/api/settlements/${statement.id}/pdf`}
              fileName={`statement-${statement.month}-${statement.creator_id}.pdf`}
              icon={<FilePdfOutlined />}
              data-testid="statement-pdf"
            >
              {t('settlement.actions.pdf')}
            </DownloadButton>
            {canManage && statement.status === 'draft' ? (
              <Popconfirm
                title={t('settlement.confirm_help')}
                onConfirm={() => act('confirm', {}, t('settlement.confirmed'))}
              >
                <Button type="primary" loading={mutation.isPending} data-testid="statement-confirm">
                  {t('settlement.actions.confirm')}
                </Button>
              </Popconfirm>
            ) : null}
            {canManage && statement.status === 'confirmed' ? (
              <Popconfirm
                title={t('settlement.paid_help')}
                onConfirm={() => act('paid', {}, t('settlement.marked_paid'))}
              >
                <Button type="primary" loading={mutation.isPending} data-testid="statement-paid">
                  {t('settlement.actions.paid')}
                </Button>
              </Popconfirm>
            ) : null}
            {canManage && statement.status !== 'draft' ? (
              <Button onClick={() => setCorrecting(true)} data-testid="statement-correct">
                {t('settlement.actions.correct')}
              </Button>
            ) : null}
          </Space>
        ) : null
      }
      data-testid="statement-drawer"
    >
      {statement ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={2} title={t('settlement.sections.channel')}>
            <Descriptions.Item label={t('settlement.figures.month_fans')}>
              {format(statement.month_fans)}
            </Descriptions.Item>
            <Descriptions.Item label={t('settlement.figures.monthly_increase')}>
              {format(statement.monthly_increase)}
            </Descriptions.Item>
            <Descriptions.Item label={t('settlement.figures.views')}>
              {format(statement.views)}
            </Descriptions.Item>
            <Descriptions.Item label={t('settlement.figures.video_count')}>
              {format(statement.video_count)}
            </Descriptions.Item>
          </Descriptions>
          <Table<StatementLine>
            size="small"
            bordered
            pagination={false}
            rowKey={(line) => `${line.currency}-${line.kind}`}
            dataSource={statement.lines}
            title={() => t('settlement.sections.lines')}
            scroll={{ x: 'max-content' }}
            columns={(
              [
                {
                  title: t('settlement.fields.currency'),
                  render: (_, line) => `${line.currency} · ${t(`settlement.kinds.${line.kind}`)}`,
                },
                {
                  dataIndex: 'gross',
                  title: t('settlement.lines.gross'),
                  align: 'right',
                  render: money,
                },
                {
                  dataIndex: 'vat',
                  title: t('settlement.lines.vat'),
                  align: 'right',
                  render: money,
                },
                {
                  dataIndex: 'surcharge',
                  title: t('settlement.lines.surcharge'),
                  align: 'right',
                  render: money,
                },
                {
                  dataIndex: 'withholding',
                  title: t('settlement.lines.withholding'),
                  align: 'right',
                  render: money,
                },
                {
                  dataIndex: 'after_tax',
                  title: t('settlement.lines.after_tax'),
                  align: 'right',
                  render: money,
                },
                {
                  title: t('settlement.lines.rate'),
                  render: (_, line) =>
                    `${line.rate}${line.rate_date ? ` (${line.rate_date}, ${t(`settlement.sources.${line.rate_source}`)})` : ''}`,
                },
                {
                  dataIndex: 'after_tax_krw',
                  title: t('settlement.lines.after_tax_krw'),
                  align: 'right',
                  render: won,
                },
                {
                  dataIndex: 'ratio',
                  title: t('settlement.lines.ratio'),
                  align: 'right',
                  render: (value) => `${value} %`,
                },
                {
                  dataIndex: 'share_krw',
                  title: t('settlement.lines.share_krw'),
                  align: 'right',
                  render: won,
                },
              ] as ColumnsType<StatementLine>
            ).map((column) => ({ ...column, onCell: nowrap }))}
          />
          <Descriptions size="small" bordered column={2} title={t('settlement.sections.figures')}>
            {figure('platform_total_krw')}
            {figure('china_tax_krw')}
            {figure('after_tax_krw')}
            <Descriptions.Item label={t('settlement.figures.split_ratio')}>
              {t('settlement.split', {
                ad: statement.ad_ratio ?? '0',
                other: statement.other_ratio ?? '0',
              })}
            </Descriptions.Item>
            {figure('monthly_revenue_krw')}
            {figure('carry_over_krw')}
            {figure('adjustments_krw')}
            {figure('settleable_total_krw')}
            {figure('kr_income_tax_krw')}
            {figure('kr_local_tax_krw')}
            {figure('creator_total_krw')}
            {figure('settled_krw')}
            {figure('carried_forward_krw')}
            <Descriptions.Item label={t('settlement.figures.rate_date')}>
              {statement.rate_date}
            </Descriptions.Item>
          </Descriptions>
          <Descriptions
            size="small"
            bordered
            column={1}
            title={t('settlement.sections.rules', { version: statement.rules.rate_set_id })}
          >
            {Object.entries(statement.rules.rates).map(([key, value]) => (
              <Descriptions.Item key={key} label={t(`settlement.rates.${key}`)}>
                {value}
              </Descriptions.Item>
            ))}
            {Object.entries(statement.rules.rounding).map(([key, rule]) => (
              <Descriptions.Item key={key} label={t(`settlement.rounding.${key}`)}>
                {t(`settlement.rounding_modes.${rule.mode}`, { places: rule.places })}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Text type="secondary">
            {statement.individual ? t('settlement.individual') : t('settlement.business')}
          </Typography.Text>
          {statement.corrections.length ? (
            <>
              <Typography.Title level={5}>{t('settlement.sections.corrections')}</Typography.Title>
              {corrections(statement.corrections)}
            </>
          ) : null}
          {statement.corrections_taken_in.length ? (
            <>
              <Typography.Title level={5}>{t('settlement.sections.taken_in')}</Typography.Title>
              {corrections(statement.corrections_taken_in)}
            </>
          ) : null}
        </Space>
      ) : null}
      <Modal
        open={correcting}
        title={t('settlement.actions.correct')}
        onCancel={() => setCorrecting(false)}
        onOk={() =>
          form.validateFields().then((values) => {
            act('adjustments', values, t('settlement.corrected'))
            setCorrecting(false)
            form.resetFields()
          })
        }
      >
        <Typography.Paragraph type="secondary">{t('settlement.correct_help')}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item
            name="amount_krw"
            label={t('settlement.figures.adjustments_krw')}
            rules={required}
          >
            <InputNumber
              min={-Number(SETTLEMENT_LIMITS.adjustmentMax)}
              max={Number(SETTLEMENT_LIMITS.adjustmentMax)}
              precision={2}
              stringMode
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item name="reason" label={t('settlement.fields.reason')} rules={required}>
            <Input.TextArea maxLength={SETTLEMENT_LIMITS.reasonMax} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  )
}
