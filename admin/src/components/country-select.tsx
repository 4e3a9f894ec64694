import { useMemo } from 'react'
import { Select, type SelectProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { countryOptions } from '../lib/countries'

/**
 * A country picker: names in the reader's language with their two-letter
 * code, found by typing the code, the local name or the English name
 * ("korea", "한국", "韩国", "KR"); the value is the code.
 */
export function CountrySelect(props: Omit<SelectProps<string>, 'options'>) {
  const { i18n } = useTranslation()
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language])
  return (
    <Select<string>
      showSearch
      allowClear
      optionFilterProp="search"
      filterOption={(input, option) => Boolean(option?.search.includes(input.trim().toLowerCase()))}
      options={options}
      popupMatchSelectWidth={260}
      {...props}
    />
  )
}
