import { Exception } from '@adonisjs/core/exceptions'

/** The caller's address is not on the IP allow-list: the body carries status -1. */
export default class IpNotAllowedException extends Exception {
  static status = 403
  static code = 'E_IP_NOT_ALLOWED'

  constructor(public ip: string) {
    super(`IP ${ip} is not registered`)
  }
}
