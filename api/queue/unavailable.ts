import StudioException from '#exceptions/studio_exception'

/** What a caller gets when the queue cannot take a job: 503 with the reader's message. */
export const queueUnavailable = () =>
  new StudioException('errors.queue_unavailable', { status: 503, data: { retry_after: 60 } })
