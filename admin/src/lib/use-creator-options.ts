import { useState } from 'react'
import { api } from '../providers/http'

/** Creator choices for a searchable select (name · brand number), searched on the server. */
export function useCreatorOptions() {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([])
  const search = async (q: string) => {
    const response = await api.get('/api/creators', {
      params: { q: q || undefined, _start: 0, _end: 20 },
    })
    const rows = response.data as { id: number; channel_name: string; brand_no: string }[]
    setOptions(
      rows.map((row) => ({ value: row.id, label: `${row.channel_name} · ${row.brand_no}` }))
    )
  }
  return { options, setOptions, search }
}
