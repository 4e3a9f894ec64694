import type { HttpContext } from '@adonisjs/core/http'
import HealthService, { presentHealth } from '#services/health_service'

/**
 * Public, for load balancers and supervisors.
 * - GET /api/health — liveness: the process answers (200), with what it
 *   sees of its dependencies.
 * - GET /api/health/ready — readiness: 200 when the database and the queue
 *   (Redis when configured) answer and the queue holds every schedule, else
 *   503 naming what is down or missing, so a load balancer stops sending
 *   traffic to an instance that cannot serve it.
 */
export default class HealthController {
  async show() {
    return { status: 0, data: presentHealth(await HealthService.check()) }
  }

  async ready({ response, i18n }: HttpContext) {
    const health = await HealthService.check()
    const down = HealthService.downOf(health)
    if (!down.length) return { status: 0, data: presentHealth(health) }
    response.status(503)
    const answering = down.filter((part) => part !== 'schedules')
    const message = [
      ...(answering.length
        ? [i18n.t('messages.errors.not_ready', { down: answering.join(', ') })]
        : []),
      ...(health.missingSchedules.length
        ? [
            i18n.t('messages.errors.schedules_missing', {
              missing: health.missingSchedules.join(', '),
            }),
          ]
        : []),
    ].join(' ')
    return {
      status: 503,
      message,
      data: { ...presentHealth(health), down },
    }
  }
}
