import {
  Alert,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Form,
  Input,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import {
  ACCESS_STATUS,
  COOKIE_AFTER_TOKEN_DAYS,
  CREATOR_LIMITS,
  TOKEN_RENEWAL_DAYS,
} from '@shared/constants'
import type { Creator, PlatformAccount } from '../types'
import { formatDate } from '../../../lib/format'
import { channelUrlOf } from '../../../lib/platforms'
import { PlatformLogo } from '../../../components/platform-badge'
import { dateItem } from './fields'
import { CookieSummary, isJson } from './cookie-summary'
import { COOKIE_NAMES, summarizeCookie } from '@shared/cookies'
import type { TokenPlatform } from './values'
import { ConnectBanner, ConnectButton } from './connect-login'

function AccountState({ account }: { account?: PlatformAccount }) {
  const { t } = useTranslation()
  if (!account)
    return (
      <Alert
        type="info"
        showIcon
        message={t('creators.form.account_new')}
        style={{ marginBottom: 16 }}
      />
    )
  const tag = (status: number, present: boolean) =>
    !present ? (
      <Tag>{t('creators.status.not_set')}</Tag>
    ) : (
      <Tag color={status === ACCESS_STATUS.CONNECTED ? 'green' : 'red'}>
        {t(
          status === ACCESS_STATUS.CONNECTED
            ? 'creators.status.connected'
            : 'creators.status.cannot_access'
        )}
      </Tag>
    )
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
      style={{ marginBottom: 16 }}
    >
      <Descriptions.Item label={t('creators.status.token')}>
        <Space size={4} wrap>
          {tag(account.token_status, account.token_present)}
          {account.token_hint && <Typography.Text code>{account.token_hint}</Typography.Text>}
          {account.token_expiring && <Tag color="orange">{t('creators.status.expiring')}</Tag>}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('creators.fields.token_expires_at')}>
        {account.token_expires_at
          ? formatDate(account.token_expires_at)
          : t('creators.status.no_renewal')}
      </Descriptions.Item>
      <Descriptions.Item label={t('creators.status.cookie')}>
        <Space size={4} wrap>
          {tag(account.cookie_status, account.cookie_present)}
          {account.cookie_recheck_due && (
            <Tag color="orange">{t('creators.status.recheck_due')}</Tag>
          )}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('creators.fields.cookie_checked_at')}>
        {formatDate(account.cookie_checked_at, true)}
      </Descriptions.Item>
    </Descriptions>
  )
}

/**
 * One platform's tab (Haokan, Bilibili, Xigua, Weibo, Douyin, Kuaishou): uid, channel,
 * token and cookie, saved with the creator in its one create or update request.
 * Secrets are never shown: empty means keep. Haokan also holds the Baidu
 * app id and token.
 */
export function PlatformTab({ platform, record }: { platform: TokenPlatform; record?: Creator }) {
  const { t } = useTranslation()
  const account = record?.accounts?.find((item) => item.platform === platform)
  const name = (field: string) => ['accounts', platform, field]
  const label = (field: string) => t(`creators.fields.${field}`)
  const uid = Form.useWatch(name('uid'))
  const channelUrl = Form.useWatch(name('channel_url'))
  const preview = channelUrlOf(platform, uid, channelUrl)
  const renewal = (TOKEN_RENEWAL_DAYS as Record<string, number>)[platform]
  const weibo = platform === 'weibo'
  const cookie = Form.useWatch(name('cookie')) as string | undefined

  const cookieRules = (field: 'cookie' | 'cookie_2') => [
    {
      validator: (_: unknown, value?: string | null) =>
        !value || !value.trim() || isJson(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(t('errors.cookie_not_json'))),
    },
    {
      // the API's rule: cookies found, and the platform's sign-in cookie alive
      validator: (_: unknown, value?: string | null) => {
        if (weibo || !value?.trim() || !isJson(value.trim())) return Promise.resolve()
        const summary = summarizeCookie(value, platform)
        if (!summary.unusable) return Promise.resolve()
        const essential = COOKIE_NAMES[platform]?.required
        const entry = summary.found.find((item) => item.name === essential)
        const message =
          summary.found.length === 0
            ? t('creators.validation.cookie_empty')
            : !entry
              ? t('creators.validation.cookie_missing', { name: essential })
              : t('creators.validation.cookie_expired', {
                  name: essential,
                  date: dayjs(entry.expiresAt).format('YYYY-MM-DD HH:mm'),
                })
        return Promise.reject(new Error(message))
      },
    },
    ({ getFieldValue }: { getFieldValue: (name: (string | number)[]) => any }) => ({
      validator: (_: unknown, value?: string | null) => {
        if (!value?.trim()) {
          if (weibo && field === 'cookie' && getFieldValue(name('cookie_2'))?.trim()) {
            return Promise.reject(new Error(t('creators.validation.weibo_two_cookies')))
          }
          return Promise.resolve()
        }
        if (field === 'cookie_2') return Promise.resolve()
        const newToken = Boolean(getFieldValue(name('token'))?.trim())
        const date = getFieldValue(name('token_connected_at')) as string | null
        const storedDate = account?.token_connected_at ?? null
        const unchanged = (date ?? null) === (storedDate ? storedDate.slice(0, 10) : null)
        const connected = unchanged
          ? newToken
            ? dayjs()
            : storedDate
              ? dayjs(storedDate)
              : null
          : date
            ? dayjs(date)
            : newToken
              ? dayjs()
              : null
        if (!connected) return Promise.resolve()
        const from = connected.add(COOKIE_AFTER_TOKEN_DAYS, 'day')
        return dayjs().isBefore(from)
          ? Promise.reject(
              new Error(
                t('creators.validation.cookie_too_early', { date: from.format('YYYY-MM-DD HH:mm') })
              )
            )
          : Promise.resolve()
      },
    }),
  ]

  return (
    <div data-testid={`platform-tab-${platform}`}>
      <Space align="center" style={{ marginBottom: 12 }}>
        <PlatformLogo platform={platform} size={28} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(`enum.platform.${platform}`)}
        </Typography.Title>
        {preview && (
          <Typography.Link href={preview} target="_blank" rel="noopener noreferrer">
            {preview}
          </Typography.Link>
        )}
      </Space>
      <ConnectBanner platform={platform} />
      <AccountState account={account} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name={name('uid')}
            label={label('uid')}
            rules={[
              {
                max: CREATOR_LIMITS.uidMax,
                message: t('creators.validation.max_length', { max: CREATOR_LIMITS.uidMax }),
              },
              { pattern: /^\S+$/, message: t('creators.validation.no_spaces') },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={name('channel_name')}
            label={label('channel_name')}
            rules={[
              {
                max: CREATOR_LIMITS.channelNameMax,
                message: t('creators.validation.max_length', {
                  max: CREATOR_LIMITS.channelNameMax,
                }),
              },
            ]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={name('channel_url')}
            label={label('channel_url')}
            rules={[{ type: 'url', message: t('creators.validation.url') }]}
          >
            <Input placeholder="https://…" />
          </Form.Item>
        </Col>
      </Row>
      <Divider orientation="left" orientationMargin={0}>
        <Typography.Text strong>{t('creators.form.sections.token')}</Typography.Text>
      </Divider>
      <ConnectButton platform={platform} creatorId={record?.id} />
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            name={name('token')}
            label={label('token')}
            extra={[
              account?.token_present ? t('creators.form.secret_keep') : null,
              renewal ? t('creators.form.token_renewal', { days: renewal }) : null,
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={account?.token_hint ?? undefined}
              visibilityToggle={false}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={name('token_connected_at')}
            label={label('token_connected_at')}
            {...dateItem}
            rules={[
              {
                validator: (_, value?: string | null) =>
                  !value || !dayjs(value).isAfter(dayjs(), 'day')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('creators.validation.not_future'))),
              },
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider orientation="left" orientationMargin={0}>
        <Typography.Text strong>{t('creators.form.sections.cookie')}</Typography.Text>
      </Divider>
      <Typography.Paragraph type="secondary">
        {t(weibo ? 'creators.form.cookie_help_weibo' : 'creators.form.cookie_help', {
          days: COOKIE_AFTER_TOKEN_DAYS,
        })}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={weibo ? 12 : 24}>
          <Form.Item
            name={name('cookie')}
            label={weibo ? t('creators.fields.cookie_1') : label('cookie')}
            extra={account?.cookie_present ? t('creators.form.secret_keep') : undefined}
            dependencies={[
              name('token'),
              name('token_connected_at'),
              ...(weibo ? [name('cookie_2')] : []),
            ]}
            rules={cookieRules('cookie')}
          >
            <Input.TextArea
              rows={4}
              placeholder='{"SESSDATA": "…"}'
              autoComplete="off"
              spellCheck={false}
            />
          </Form.Item>
          <CookieSummary platform={platform} value={cookie} />
        </Col>
        {weibo && (
          <Col xs={24} md={12}>
            <Form.Item
              name={name('cookie_2')}
              label={t('creators.fields.cookie_2')}
              rules={cookieRules('cookie_2')}
            >
              <Input.TextArea
                rows={4}
                placeholder='{"SUB": "…"}'
                autoComplete="off"
                spellCheck={false}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      {platform === 'haokan' && (
        <>
          <Divider orientation="left" orientationMargin={0}>
            <Typography.Text strong>{t('creators.form.sections.baidu')}</Typography.Text>
          </Divider>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="baidu_app_id"
                label={label('baidu_app_id')}
                rules={[{ max: 64, message: t('creators.validation.max_length', { max: 64 }) }]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name="baidu_token"
                label={label('baidu_token')}
                extra={record?.baidu_token_present ? t('creators.form.secret_keep') : undefined}
                dependencies={['baidu_app_id']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, value?: string) =>
                      value?.trim() && !getFieldValue('baidu_app_id')
                        ? Promise.reject(new Error(t('creators.validation.baidu_app_id')))
                        : Promise.resolve(),
                  }),
                ]}
              >
                <Input.Password
                  autoComplete="new-password"
                  visibilityToggle={false}
                  placeholder={record?.baidu_token_present ? '••••••' : undefined}
                />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </div>
  )
}
