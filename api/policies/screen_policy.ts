import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { SCREEN_ACCESS, type ScreenKey } from '#shared/screens'

/** Who may open which screen of the main menu (api/shared/screens.ts). */
export default class ScreenPolicy extends StudioPolicy {
  list(user: User, screen: ScreenKey): AuthorizerResponse {
    if (user.role === 'admin') return true
    return SCREEN_ACCESS[user.role].includes(screen)
  }
}
