import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'

/** Who does something, and from where: what services audit with. */
export interface Actor {
  user: User
  ip: string | null
}

/** The signed-in user of a request (routes behind `auth` always have one). */
export function actorOf(ctx: HttpContext): Actor {
  return { user: ctx.auth.getUserOrFail(), ip: ctx.request.ip() }
}
