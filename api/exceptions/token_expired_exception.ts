import { Exception } from '@adonisjs/core/exceptions'

/** The access token exists but has expired: the body carries status -101 (SPEC §4). */
export default class TokenExpiredException extends Exception {
  static status = 401
  static code = 'E_TOKEN_EXPIRED'
}
