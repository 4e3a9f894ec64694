import { useState } from 'react'
import { App, Avatar, Button, Card, Descriptions, Form, Input, Space, Upload } from 'antd'
import { CameraOutlined, DeleteOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LIMITS, PHONE_PATTERN } from '@shared/constants'
import { AVATAR_MAX_BYTES } from '@shared/people'
import { useCustomMutation } from '@refinedev/core'
import { useRefreshIdentity, type StudioUser } from '../../providers/identity'
import { membershipItems } from '../../components/person-details'
import { useSaveFeedback } from '../../lib/feedback'
import { useCustomForm } from '../../lib/use-custom-form'
import { fileBody } from '../../lib/download'

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'

/** Picture, name and phone (PUT /api/user/update, POST /api/user/avatar). */
export function ProfileCard({ user, loading }: { user?: StudioUser; loading: boolean }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const refresh = useRefreshIdentity()
  const [form] = Form.useForm<{ name: string; phone: string }>()
  const [editing, setEditing] = useState(false)
  const feedback = useSaveFeedback()

  const { mutate: send, mutation: avatarCall } = useCustomMutation()
  const avatar = (method: 'post' | 'delete', values: FormData | object, done?: string) =>
    send(
      {
        url: '/api/user/avatar',
        method,
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async () => {
          await refresh()
          if (done) message.success(done)
        },
        onError: method === 'post' ? feedback.failed : undefined,
      }
    )
  const uploading = avatarCall.isPending && avatarCall.variables?.method === 'post'

  const upload = (file: File) => {
    if (file.size > AVATAR_MAX_BYTES) {
      message.error(t('people.account.avatar_too_large', { max: AVATAR_MAX_BYTES / 1024 / 1024 }))
      return
    }
    const body = fileBody(file, 'avatar')
    avatar('post', body, t('people.account.avatar_saved'))
  }

  const removeAvatar = () => avatar('delete', {})

  const { submit, saving } = useCustomForm<{ name: string; phone: string | null }>({
    url: '/api/user/update',
    form: form as never,
    onSuccess: async () => {
      await refresh()
      setEditing(false)
      message.success(t('people.account.profile_saved'))
    },
  })
  const save = (values: { name: string; phone: string }) =>
    submit({ name: values.name, phone: values.phone || null })

  return (
    <Card
      title={t('account.profile')}
      loading={loading}
      extra={
        user && !editing ? (
          <Button
            data-testid="edit-profile"
            onClick={() => {
              form.setFieldsValue({ name: user.name, phone: user.phone ?? '' })
              setEditing(true)
            }}
          >
            {t('people.account.edit_profile')}
          </Button>
        ) : null
      }
    >
      {user && (
        <Space align="start" size="large" wrap>
          <Space direction="vertical" align="center">
            <Avatar
              size={96}
              icon={<UserOutlined />}
              src={user.avatar_url ?? undefined}
              data-testid="account-avatar"
            />
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file)
                return false
              }}
            >
              <Button
                size="small"
                icon={<CameraOutlined />}
                loading={uploading}
                data-testid="avatar-upload"
              >
                {t('people.account.change_avatar')}
              </Button>
            </Upload>
            {user.avatar_url && (
              <Button
                size="small"
                type="link"
                danger
                icon={<DeleteOutlined />}
                onClick={() => void removeAvatar()}
              >
                {t('people.account.remove_avatar')}
              </Button>
            )}
          </Space>
          {editing ? (
            <Form
              form={form}
              layout="vertical"
              onFinish={save}
              style={{ minWidth: 280 }}
              data-testid="profile-form"
            >
              <Form.Item
                name="name"
                label={t('account.name')}
                rules={[
                  { required: true, whitespace: true, message: t('people.account.name_required') },
                  { max: LIMITS.nameMax },
                ]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name="phone"
                label={t('account.phone')}
                rules={[
                  { pattern: PHONE_PATTERN, message: t('register.validation.phone_digits') },
                  { max: LIMITS.phoneMax },
                ]}
              >
                <Input inputMode="numeric" />
              </Form.Item>
              <Space>
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={saving}
                  data-testid="save-profile"
                >
                  {t('buttons.save')}
                </Button>
                <Button onClick={() => setEditing(false)}>{t('buttons.cancel')}</Button>
              </Space>
            </Form>
          ) : (
            <Descriptions
              column={1}
              size="small"
              data-testid="account-profile"
              items={[
                { key: 'name', label: t('account.name'), children: user.name },
                { key: 'email', label: t('account.email'), children: user.email },
                {
                  key: 'phone',
                  label: t('account.phone'),
                  children: user.phone ?? t('common.none'),
                },
                { key: 'role', label: t('account.role'), children: t(`enum.role.${user.role}`) },
                {
                  key: 'account_type',
                  label: t('account.account_type'),
                  children: t(`enum.account_type.${user.account_type}`),
                },
                ...membershipItems(t, user),
              ]}
            />
          )}
        </Space>
      )}
    </Card>
  )
}
