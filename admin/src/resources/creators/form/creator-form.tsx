import { Button, Card, Form, Space, Tabs } from 'antd'
import { SaveOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { SecurityCodeModal } from '../../../components/security-code-modal'
import { PlatformLogo } from '../../../components/platform-badge'
import { BasicTab } from './basic-tab'
import { PlatformTab } from './platform-tab'
import { FORM_PLATFORMS } from './values'
import type { useCreatorForm } from './use-creator-form'

/** The tabs of the creator form (Basic, Haokan, Bilibili, Xigua, Weibo, Douyin, Kuaishou), shared by create and edit. */
export function CreatorForm({
  title,
  state,
  action,
}: {
  title: React.ReactNode
  state: ReturnType<typeof useCreatorForm>
  action: 'create' | 'edit'
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { formProps, record, tab, setTab, loading, codePrompt } = state

  return (
    <Card
      title={title}
      extra={
        <Space>
          <Button
            onClick={() =>
              navigate(record ? `/app/creator_info?id=${record.id}` : '/app/customers')
            }
          >
            {t('buttons.cancel')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={loading}
            onClick={() => formProps.form?.submit()}
            data-testid="save-creator"
          >
            {t('buttons.save')}
          </Button>
        </Space>
      }
      data-testid={`creator-form-${action}`}
    >
      <Form {...formProps} layout="vertical" requiredMark>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'basic',
              label: t('creators.form.tabs.basic'),
              forceRender: true,
              children: <BasicTab record={record} />,
            },
            ...FORM_PLATFORMS.map((platform) => ({
              key: platform,
              forceRender: true,
              label: (
                <Space size={6}>
                  <PlatformLogo platform={platform} size={16} />
                  {t(`enum.platform.${platform}`)}
                </Space>
              ),
              children: <PlatformTab platform={platform} record={record} />,
            })),
          ]}
        />
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={loading}>
            {t('buttons.save')}
          </Button>
        </Space>
      </Form>
      <SecurityCodeModal
        open={codePrompt.open}
        title={t('creators.form.code_title')}
        description={t('creators.form.code_body_edit')}
        okText={t('buttons.save')}
        onCancel={codePrompt.onCancel}
        onSubmit={codePrompt.onSubmit}
      />
    </Card>
  )
}
