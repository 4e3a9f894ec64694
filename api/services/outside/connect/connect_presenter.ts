import type Creator from '#models/creator'
import type OutsideConnect from '#models/outside_connect'
import type OutsideCreator from '#models/outside_creator'
import type OutsideVideo from '#models/outside_video'
import type Video from '#models/video'
import { presentPerson } from '#services/people/user_presenter'
import type CreatorConnect from '#services/outside/connect/creator_connect'
import type VideoConnect from '#services/outside/connect/video_connect'

/*
| How connect data answers: a connect with both sides, a preview, the
| outside side's picker rows and the task → creator table.
*/

const creatorOf = (creator: Creator | null | undefined) =>
  creator ? { id: creator.id, name: creator.channelName, brand_no: creator.brandNo } : null

function outsideCreatorOf(outside: OutsideCreator | null | undefined) {
  if (!outside) return null
  return {
    id: outside.id,
    platform: outside.platform,
    uid: outside.uid,
    name: outside.name,
    fans: outside.fans,
    state: outside.state,
    last_run_at: outside.lastRunAt?.toISO() ?? null,
  }
}

function outsideVideoOf(outside: OutsideVideo | null | undefined) {
  if (!outside) return null
  return {
    id: outside.id,
    platform: outside.platform,
    platform_video_id: outside.platformVideoId,
    title: outside.title,
    channel_name: outside.channelName,
    views: outside.views,
  }
}

const videoOf = (video: Video | null | undefined) =>
  video ? { id: video.id, title: video.title, platform_video_id: video.platformVideoId } : null

/** One connect (its relations preloaded). */
export function presentConnect(connect: OutsideConnect) {
  return {
    id: connect.id,
    kind: connect.kind,
    state: connect.state,
    platform: connect.platform,
    outside_creator: outsideCreatorOf(connect.outsideCreator),
    outside_video: outsideVideoOf(connect.outsideVideo),
    creator: creatorOf(connect.creator),
    account_id: connect.accountId,
    video: videoOf(connect.video),
    created_creator: connect.createdCreator,
    created_account: connect.createdAccount,
    rows_moved: connect.rowsMoved,
    rows_kept: connect.rowsKept,
    first_day: connect.firstDay,
    last_day: connect.lastDay,
    user: presentPerson(connect.user),
    confirmed_by: presentPerson(connect.confirmer),
    confirmed_at: connect.confirmedAt?.toISO() ?? null,
    reverted_by: presentPerson(connect.reverter),
    reverted_at: connect.revertedAt?.toISO() ?? null,
    created_at: connect.createdAt.toISO(),
  }
}

type Preview =
  | Awaited<ReturnType<typeof CreatorConnect.preview>>
  | Awaited<ReturnType<typeof VideoConnect.preview>>

/** What a connect would do: days in all, moving, kept (with the first 100 kept days). */
export function presentPreview(preview: Preview) {
  const common = {
    days: preview.days,
    moving: preview.moving,
    kept: preview.kept.length,
    kept_days: preview.kept.slice(0, 100),
    first_day: preview.firstDay,
    last_day: preview.lastDay,
  }
  if ('video' in preview) {
    return {
      kind: 'video' as const,
      outside_video: outsideVideoOf(preview.outside),
      video: videoOf(preview.video),
      ...common,
    }
  }
  return {
    kind: 'creator' as const,
    outside_creator: outsideCreatorOf(preview.outside),
    creator: creatorOf(preview.creator),
    account: preview.account
      ? {
          id: preview.account.id,
          uid: preview.account.uid,
          channel_name: preview.account.channelName,
        }
      : null,
    creates_creator: preview.creator === null,
    creates_account: preview.account === null,
    uid_taken_by: preview.uidTakenBy,
    ...common,
  }
}

/** A row of the outside side's picker. */
export function presentPick(row: OutsideCreator | OutsideVideo, kind: 'creator' | 'video') {
  if (kind === 'creator') {
    const outside = row as OutsideCreator
    return { ...outsideCreatorOf(outside)!, connected_creator_id: outside.connectedCreatorId }
  }
  const outside = row as OutsideVideo
  return { ...outsideVideoOf(outside)!, connected_video_id: outside.connectedVideoId }
}

/** A row of the task → creator table: the crawl task, the creator it feeds, its newest connect. */
export function presentTask(outside: OutsideCreator, connect: OutsideConnect | undefined) {
  return {
    ...outsideCreatorOf(outside)!,
    last_status: outside.lastStatus,
    connected_at: outside.connectedAt?.toISO() ?? null,
    creator: creatorOf(outside.connectedCreator) ?? creatorOf(connect?.creator),
    connect: connect
      ? {
          id: connect.id,
          state: connect.state,
          rows_moved: connect.rowsMoved,
          rows_kept: connect.rowsKept,
          created_at: connect.createdAt.toISO(),
        }
      : null,
  }
}
