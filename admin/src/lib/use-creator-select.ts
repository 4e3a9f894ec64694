import { useSelect } from '@refinedev/antd'

interface CreatorOption {
  id: number
  channel_name: string
  brand_no: string
}

/**
 * A searchable creator picker (name · brand number, 20 at a time, searched
 * on the server). `known` is the creator a record already names, shown
 * under its name before any search.
 */
export function useCreatorSelect({
  known,
  enabled = true,
}: {
  known?: { id: number; name: string } | null
  enabled?: boolean
}) {
  const { selectProps } = useSelect<CreatorOption>({
    resource: 'creators',
    optionValue: 'id',
    optionLabel: (row) => `${row.channel_name} · ${row.brand_no}`,
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    onSearch: (value) => [{ field: 'q', operator: 'eq', value: value || undefined }],
    queryOptions: { enabled },
    errorNotification: false,
  })
  // The props of a <Select> of creator ids (refine types them as of option objects).
  const { options = [], onSearch, loading, showSearch, filterOption } = selectProps
  return {
    options:
      known && !options.some((option) => option.value === known.id)
        ? [{ value: known.id, label: known.name }, ...options]
        : options,
    onSearch,
    loading,
    showSearch,
    filterOption,
  }
}
