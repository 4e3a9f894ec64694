import { useSearchParams } from 'react-router'

/** The creator id of an address's `?id=…`, or null. */
export function creatorIdOf(params: URLSearchParams) {
  const raw = params.get('id')
  return raw && /^[1-9][0-9]*$/.test(raw) ? Number(raw) : null
}

/** The creator id of /app/creator_info?id=… and /app/modify_creator?id=…, or null. */
export function useCreatorIdParam() {
  const [params] = useSearchParams()
  return creatorIdOf(params)
}
