import { Segmented } from 'antd'
import { useGetLocale, useSetLocale } from '@refinedev/core'
import { LANGUAGES } from '@shared/constants'

/** The kr / ch / en / jp buttons (SPEC §2); the choice is stored locally. */
export function LanguageSwitcher({ size = 'middle' }: { size?: 'small' | 'middle' | 'large' }) {
  const locale = useGetLocale()()
  const changeLanguage = useSetLocale()
  return (
    <Segmented
      size={size}
      value={locale}
      onChange={(value) => changeLanguage(String(value))}
      options={LANGUAGES.map((language) => ({
        value: language.locale,
        label: (
          <span data-testid={`lang-${language.code}`} title={language.label}>
            {language.code.toUpperCase()}
          </span>
        ),
      }))}
    />
  )
}
