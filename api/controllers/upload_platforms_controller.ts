import type { HttpContext } from '@adonisjs/core/http'
import UploadPlatformService, {
  type CheckedPlatform,
} from '#services/uploads/upload_platform_service'
import { ok } from '#support/envelope'
import { areaMessages } from '#validators/messages'
import {
  platformAccountValidator,
  uploadCategoryValidator,
  uploadEventValidator,
  uploadTagsValidator,
  uploadTopicValidator,
} from '#validators/upload_platforms'
import type { UploadPlatform } from '#shared/uploads'

function messages(ctx: HttpContext) {
  return { messagesProvider: areaMessages(ctx.i18n, 'upload_platforms.validator') }
}

function translate(ctx: HttpContext) {
  return (key: string, data?: Record<string, unknown>) => ctx.i18n.t(key, data)
}

/**
 * The Upload Station's helpers (SPEC §7 'Platform token checks', 'Video',
 * 'Upload helpers'), in the `{status: 0, data}` envelope, for whoever may
 * use the station (UploadPolicy): a creator's login check per platform,
 * the token state of an account, categories, tag suggestions, Bilibili and
 * Xigua events and Haokan topics — read through the upload adapters.
 */
export default class UploadPlatformsController {
  /** GET /api/platform_api/check/bilibili?creator_id= */
  async checkBilibili(ctx: HttpContext) {
    return this.#check(ctx, 'bilibili')
  }

  /** GET /api/platform_api/check/baidu?creator_id= (Haokan is Baidu's) */
  async checkBaidu(ctx: HttpContext) {
    return this.#check(ctx, 'haokan')
  }

  /** GET /api/platform_api/check/xigua?creator_id= */
  async checkXigua(ctx: HttpContext) {
    return this.#check(ctx, 'xigua')
  }

  /** GET /api/platform_api/bili?creator_id= */
  async bili(ctx: HttpContext) {
    return this.#account(ctx, 'bilibili')
  }

  /** GET /api/platform_api/xigua?creator_id= */
  async xigua(ctx: HttpContext) {
    return this.#account(ctx, 'xigua')
  }

  /** GET /api/platform_api/weibo?creator_id= */
  async weibo(ctx: HttpContext) {
    return this.#account(ctx, 'weibo')
  }

  /** GET /api/video/category?platform=&creator_id= */
  async categories(ctx: HttpContext) {
    await ctx.bouncer.with('UploadPolicy').authorize('use')
    const input = await ctx.request.validateUsing(uploadCategoryValidator, {
      ...messages(ctx),
      data: ctx.request.qs(),
    })
    const user = ctx.auth.getUserOrFail()
    const categories = await UploadPlatformService.categories(
      input.platform,
      input.creator_id,
      user
    )
    return ok({ platform: input.platform, categories })
  }

  /** GET /api/video/tags?platform=&keyword=&category=&creator_id= */
  async tags(ctx: HttpContext) {
    await ctx.bouncer.with('UploadPolicy').authorize('use')
    const input = await ctx.request.validateUsing(uploadTagsValidator, {
      ...messages(ctx),
      data: ctx.request.qs(),
    })
    const tags = await UploadPlatformService.tags(
      input.platform,
      { keyword: input.keyword, category: input.category, creatorId: input.creator_id },
      ctx.auth.getUserOrFail()
    )
    return ok({ platform: input.platform, keyword: input.keyword, tags })
  }

  /** GET /api/upload_video/baidu_topic?keyword=&creator_id= */
  async baiduTopics(ctx: HttpContext) {
    await ctx.bouncer.with('UploadPolicy').authorize('use')
    const input = await ctx.request.validateUsing(uploadTopicValidator, {
      ...messages(ctx),
      data: ctx.request.qs(),
    })
    const topics = await UploadPlatformService.events(
      'haokan',
      { keyword: input.keyword, creatorId: input.creator_id },
      ctx.auth.getUserOrFail()
    )
    return ok({ topics: topics.map((topic) => ({ id: topic.id, name: topic.name })) })
  }

  /** GET /api/upload_video/bilibili_event?creator_id= */
  async bilibiliEvents(ctx: HttpContext) {
    return this.#events(ctx, 'bilibili')
  }

  /** GET /api/upload_video/xigua_event?creator_id= (each with its prize and whether it was joined) */
  async xiguaEvents(ctx: HttpContext) {
    return this.#events(ctx, 'xigua')
  }

  /* ---------------------------------------------------------------- */

  async #check(ctx: HttpContext, platform: UploadPlatform) {
    await ctx.bouncer.with('UploadPolicy').authorize('use')
    const input = await ctx.request.validateUsing(platformAccountValidator, {
      ...messages(ctx),
      data: ctx.request.qs(),
    })
    return ok(
      await UploadPlatformService.loginState(
        input.creator_id,
        platform,
        ctx.auth.getUserOrFail(),
        translate(ctx)
      )
    )
  }

  async #account(ctx: HttpContext, platform: CheckedPlatform) {
    await ctx.bouncer.with('UploadPolicy').authorize('use')
    const input = await ctx.request.validateUsing(platformAccountValidator, {
      ...messages(ctx),
      data: ctx.request.qs(),
    })
    return ok(
      await UploadPlatformService.accountState(
        input.creator_id,
        platform,
        ctx.auth.getUserOrFail(),
        translate(ctx)
      )
    )
  }

  async #events(ctx: HttpContext, platform: 'bilibili' | 'xigua') {
    await ctx.bouncer.with('UploadPolicy').authorize('use')
    const input = await ctx.request.validateUsing(uploadEventValidator, {
      ...messages(ctx),
      data: ctx.request.qs(),
    })
    const events = await UploadPlatformService.events(
      platform,
      { creatorId: input.creator_id },
      ctx.auth.getUserOrFail()
    )
    return ok({
      events: events.map((event) => ({
        id: event.id,
        name: event.name,
        ...(platform === 'xigua'
          ? { prize: event.prize ?? null, joined: event.joined ?? false }
          : {}),
        starts_at: event.startsAt ?? null,
        ends_at: event.endsAt ?? null,
      })),
    })
  }
}
