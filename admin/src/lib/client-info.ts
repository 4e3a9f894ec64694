import { useEffect, useState } from 'react'
import { api } from '../providers/http'

export interface ClientInfo {
  ip: string
  country_name: string
  brand: string
  version: string
  old_version: { label: string; url: string }
  sign_up: boolean
}

const FALLBACK: ClientInfo = {
  ip: 'unknown',
  country_name: 'unknown',
  brand: 'mcn',
  version: '',
  old_version: { label: '1.4.0', url: '' },
  sign_up: true,
}

let cached: Promise<ClientInfo> | null = null

/** GET /api/client-info: the caller's IP and country as the server sees them, and public settings. */
export function useClientInfo() {
  const [info, setInfo] = useState<ClientInfo | null>(null)
  useEffect(() => {
    cached ??= api
      .get('/api/client-info')
      .then((response) => ({ ...FALLBACK, ...response.data?.data }))
      .catch(() => FALLBACK)
    let alive = true
    cached.then((value) => alive && setInfo(value))
    return () => {
      alive = false
    }
  }, [])
  return info
}
