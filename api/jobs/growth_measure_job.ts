import { Job } from '@rlanz/bull-queue'

interface GrowthMeasurePayload {
  videoId: number
}

/**
 * Measures a new video's due growth-hacking windows (6, 12, 24, 48, 60 h
 * after upload) and queues its next one; queued by GrowthWindows when the
 * video is first seen. The payload is only the id: the windows themselves
 * are rows of video_growth_points, so a lost job is taken by the sweep.
 */
export default class GrowthMeasureJob extends Job {
  static jobName = 'videos:growth:measure'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(payload: GrowthMeasurePayload): Promise<void> {
    const { default: GrowthRunner } = await import('#services/videos/growth/growth_runner')
    const result = await GrowthRunner.measureVideo(Number(payload.videoId))
    this.logger.info({ videoId: payload.videoId, ...result }, 'videos:growth:measure finished')
  }

  async rescue(payload: GrowthMeasurePayload, error: Error) {
    this.logger.error(
      { err: error, videoId: payload?.videoId },
      'videos:growth:measure failed; the sweep takes its windows'
    )
  }
}
