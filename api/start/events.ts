/*
|--------------------------------------------------------------------------
| Events
|--------------------------------------------------------------------------
|
| What follows a model's change announcements (api/models/mixins/
| announces_changes.ts): the in-process caches that show those rows are
| cleared through the cache registry, now and after the surrounding
| transaction commits. Services that write in bulk (plain SQL) clear the
| same caches themselves.
|
*/
import emitter from '@adonisjs/core/services/emitter'
import accessTokenCache from '#auth/access_token_cache'
import type { ChangeEvents } from '#models/mixins/announces_changes'
import Caches from '#services/caches'

declare module '@adonisjs/core/types' {
  interface EventsList extends ChangeEvents {
    /** New videos were committed (the ingest); ids of `videos`. */
    'video:first_seen': { videoIds: number[] }
  }
}

emitter.on('creator:changed', ({ trx }) => Caches.afterCommit(trx, 'creatorList'))

emitter.on('user:changed', ({ userId, trx }) => {
  Caches.onCommit(trx, () => accessTokenCache.evictUser(userId))
  Caches.afterCommit(trx, 'profiles')
})

// a new video uploaded within 60 hours gets its growth-hacking windows
emitter.on('video:first_seen', async ({ videoIds }) => {
  const { default: GrowthWindows } = await import('#services/videos/growth/growth_windows')
  await GrowthWindows.plan(videoIds)
})
