import type { FormRule } from 'antd'
import { useTranslation } from 'react-i18next'
import { LIMITS, SECURITY_CODE_PATTERN } from '@shared/constants'

/** The rules the account, registration and code forms share, with their messages in the reader's language. */
export function useFormRules() {
  const { t } = useTranslation()
  return {
    /** 'The {field} is required.' */
    required: (field: string, whitespace = false): FormRule => ({
      required: true,
      whitespace,
      message: t('register.validation.required', { field }),
    }),
    /** A new password's length. */
    passwordLength: [
      {
        min: LIMITS.passwordMin,
        message: t('register.validation.password_min', { min: LIMITS.passwordMin }),
      },
      { max: LIMITS.passwordMax },
    ] satisfies FormRule[],
    /** A security or termination code: 6 to 12 digits. */
    code: { pattern: SECURITY_CODE_PATTERN, message: t('creators.security.code_pattern') },
    /** A confirmation: the same value as `field`. */
    sameAs:
      (field: string, message: string): FormRule =>
      ({ getFieldValue }) => ({
        validator: (_, value) =>
          !value || value === getFieldValue(field)
            ? Promise.resolve()
            : Promise.reject(new Error(message)),
      }),
  }
}
