import { Form, Input, Modal, Select, type ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { PLATFORMS } from '@shared/constants'
import { OUTSIDE_LIMITS } from '@shared/outside'
import { settle } from '../../lib/feedback'
import type { ModalForm } from '../../lib/use-modal-forms'
import type { OutsideVideoRow } from './types'

export interface AddVideoValues {
  link: string
  platform?: string
}

/**
 * Track one video by its link (POST /api/outside_videos): the link of any
 * of the twelve platforms, or a bare video id with its platform. The server
 * reads the link; a link it cannot read is refused on the field in the
 * reader's language.
 */
export function AddVideoModal({ modal }: { modal: ModalForm<OutsideVideoRow, AddVideoValues> }) {
  const { t } = useTranslation()
  const { formProps, modalProps } = modal
  return (
    <Modal
      {...modalProps}
      title={t('outside_videos.add.title')}
      okText={t('outside_videos.add.submit')}
      okButtonProps={
        { ...modalProps.okButtonProps, 'data-testid': 'outside-video-add-submit' } as ButtonProps
      }
      width={560}
    >
      <Form
        {...formProps}
        onFinish={settle(formProps.onFinish)}
        layout="vertical"
        data-testid="outside-video-add-form"
      >
        <Form.Item
          name="link"
          label={t('outside_videos.add.link')}
          extra={t('outside_videos.add.link_help')}
          rules={[
            { required: true, whitespace: true, message: t('outside_videos.add.link_required') },
            { max: OUTSIDE_LIMITS.urlMax },
          ]}
        >
          <Input
            placeholder="https://www.bilibili.com/video/BV1xx411c7mD"
            data-testid="outside-video-add-link"
          />
        </Form.Item>
        <Form.Item
          name="platform"
          label={t('outside_videos.add.platform')}
          extra={t('outside_videos.add.platform_help')}
        >
          <Select
            allowClear
            options={PLATFORMS.map((key) => ({ value: key, label: t(`enum.platform.${key}`) }))}
            data-testid="outside-video-add-platform"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
