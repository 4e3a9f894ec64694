import { Exception } from '@adonisjs/core/exceptions'

/**
 * A failure a person can act on: `messageKey` is translated into the
 * caller's language by the exception handler; `apiStatus` goes into the body's
 * `status` field (the HTTP status when omitted).
 */
export default class StudioException extends Exception {
  constructor(
    public messageKey: string,
    options: { status?: number; apiStatus?: number; data?: Record<string, unknown> } = {}
  ) {
    super(messageKey, { status: options.status ?? 400, code: 'E_STUDIO' })
    this.apiStatus = options.apiStatus ?? this.status
    this.data = options.data ?? {}
  }

  declare apiStatus: number
  declare data: Record<string, unknown>
}
