import { useSearchParams } from 'react-router'

/** The creator id of /app/creator_info?id=… and /app/modify_creator?id=…, or null. */
export function useCreatorIdParam() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  return raw && /^[1-9][0-9]*$/.test(raw) ? Number(raw) : null
}
