import { API_STATUS } from '#shared/constants'

/** The `{status: 0, data}` envelope of SPEC §7 answers. */
export function ok<T>(data: T) {
  return { status: API_STATUS.OK, data }
}
