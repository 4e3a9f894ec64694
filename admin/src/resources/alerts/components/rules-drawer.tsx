import { useEffect, useState } from 'react'
import { useCan, useCustom } from '@refinedev/core'
import { App, Button, Drawer, Form, InputNumber, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ALERT_RULE_LIMITS, type AlertRules } from '@shared/alerts'
import { api } from '../../../providers/http'
import { applyServerErrors } from '../../../lib/form-errors'

const FIELDS: (keyof AlertRules)[] = [
  'spikeMultiplier',
  'surgeSharePct',
  'minGain',
  'lossMin',
  'tokenWarnDays',
  'cookieRecheckDays',
]

/** The growth/loss rules and warning windows; admins change them, everybody reads them. */
export function RulesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<AlertRules>()
  const [saving, setSaving] = useState(false)
  const { data: canEdit } = useCan({ resource: 'alerts', action: 'edit_rules' })
  const { query } = useCustom<{ data: AlertRules }>({
    url: '/api/alerts/rules',
    method: 'get',
    queryOptions: { enabled: open },
  })
  const rules = query.data?.data?.data

  useEffect(() => {
    if (rules) form.setFieldsValue(rules)
  }, [rules, form])

  const save = async (values: AlertRules) => {
    setSaving(true)
    try {
      await api.put('/api/alerts/rules', values)
      message.success(t('alerts.rules.saved'))
      onClose()
    } catch (error: any) {
      if (!applyServerErrors(form, error))
        message.error(error?.message || t('errors.request_failed'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('alerts.rules.title')}
      width={460}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('alerts.rules.help')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        disabled={!canEdit?.can}
        data-testid="alert-rules-form"
      >
        {FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`alerts.rules.${field}`)}
            extra={t(`alerts.rules.${field}_help`)}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={ALERT_RULE_LIMITS[field][0]}
              max={ALERT_RULE_LIMITS[field][1]}
              style={{ width: 180 }}
            />
          </Form.Item>
        ))}
        {canEdit?.can && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('alerts.rules.save')}
          </Button>
        )}
      </Form>
    </Drawer>
  )
}
