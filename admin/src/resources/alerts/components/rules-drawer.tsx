import { useDrawerForm } from '@refinedev/antd'
import { useCan, type HttpError } from '@refinedev/core'
import { Button, Drawer, Form, InputNumber, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ALERT_RULE_LIMITS, type AlertRules } from '@shared/alerts'
import { settle, useSaveFeedback } from '../../../lib/feedback'

const FIELDS: (keyof AlertRules)[] = [
  'spikeMultiplier',
  'surgeSharePct',
  'minGain',
  'lossMin',
  'tokenWarnDays',
  'cookieRecheckDays',
  'videoSurgeMultiplier',
  'videoUnderRatio',
]

/**
 * The growth/loss rules and warning windows, the alerts' `rules` record
 * (GET and PATCH /api/alerts/rules) in a Refine drawer form; admins change
 * them, everybody reads them. `open()` shows it (and loads the rules).
 */
export function useRulesDrawer(onClosed: () => void) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback(t('alerts.rules.saved'))
  const drawer = useDrawerForm<AlertRules, HttpError, AlertRules>({
    resource: 'alerts',
    action: 'edit',
    redirect: false,
    warnWhenUnsavedChanges: false,
    ...feedback,
  })
  return { ...drawer, open: () => drawer.show('rules'), onClosed }
}

export function RulesDrawer({ drawer }: { drawer: ReturnType<typeof useRulesDrawer> }) {
  const { t } = useTranslation()
  const { data: canEdit } = useCan({ resource: 'alerts', action: 'edit_rules' })
  const { drawerProps, formProps, formLoading, onClosed } = drawer
  return (
    <Drawer
      {...drawerProps}
      title={t('alerts.rules.title')}
      width={460}
      afterOpenChange={(open) => !open && onClosed()}
    >
      <Typography.Paragraph type="secondary">{t('alerts.rules.help')}</Typography.Paragraph>
      <Form
        {...formProps}
        onFinish={settle(formProps.onFinish)}
        layout="vertical"
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
              step={field === 'videoUnderRatio' ? 0.05 : 1}
              style={{ width: 180 }}
            />
          </Form.Item>
        ))}
        {canEdit?.can && (
          <Button type="primary" htmlType="submit" loading={formLoading}>
            {t('alerts.rules.save')}
          </Button>
        )}
      </Form>
    </Drawer>
  )
}
