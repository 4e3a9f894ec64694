import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { SCREEN_ACCESS } from '#shared/screens'

/**
 * The Labs tools (SPEC §2 'Labs'): the labs permission is access to the
 * labs screen (api/shared/screens.ts) — the agency's staff, managers and
 * finance; creators and companies have none. Admins pass through the base
 * policy. Each tool is its own action so that one can be narrowed later.
 */
export default class LabsPolicy extends StudioPolicy {
  #labs(user: User) {
    return user.role !== 'admin' && SCREEN_ACCESS[user.role].includes('labs')
  }

  /** The thumbnail resizer and the SPEC §7 resize paths. */
  resize(user: User): AuthorizerResponse {
    return this.#labs(user)
  }

  /** Weekly or monthly figures as a workbook. */
  exportData(user: User): AuthorizerResponse {
    return this.#labs(user)
  }

  /** A YouTube video downloaded by link into storage. */
  downloadVideo(user: User): AuthorizerResponse {
    return this.#labs(user)
  }
}
