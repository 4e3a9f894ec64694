import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { segmenter, wordsOf } from '#services/board/board_text'
import { chunks } from '#support/chunks'
import { tagsOf } from '#services/videos/video_presenter'

/*
|--------------------------------------------------------------------------
| The words of videos: search and suggestions
|--------------------------------------------------------------------------
|
| Search words are the board's (api/services/board/board_text.ts, the same
| jieba with its dictionary loaded once): Chinese cut in search mode, Hangul
| and kana as overlapping two-character pieces, other words lower-cased. A
| query is cut the same way and every one of its words must be a word of
| the video (its last one as a prefix), each an index range of
| video_words' primary key.
|
| Suggestion words ("whole") are what a person types: jieba's words of
| Chinese runs, whole Hangul/kana/Latin words and whole tags. Their counts
| (listed videos carrying the word and those videos' views) live in
| video_word_counts, so that a prefix's suggestions read one short range of
| a primary key. They are kept without recounting the whole table:
|
| - `indexVideoWords(client, videos)` (the writer, for every video it
|   creates or whose title or tags changed) appends the whole words a video
|   gained or lost to video_word_changes in the writer's transaction, and
|   `markVideoWordChanges()` every word of a video marked deleted or listed
|   again;
| - after a collection run, `refreshChangedVideoWords()` recounts just those
|   words (500 a statement, each batch its own short transaction): new,
|   retitled, deleted and restored videos show in the suggestions as soon
|   as the run ends;
| - views change on every video every day: `sweepVideoWordCounts()` then
|   recounts the next slice of the table in ranges of video_words' primary
|   key (WORD_SWEEP: rows per transaction and per run), starting over at
|   its end. It also repairs what no writer announced (an
|   account removed with its videos).
|
| `rebuildVideoWordCounts()` recounts everything the same way, range by
| range (a bulk load that bypassed the writer).
|
*/

/** Longest word kept (the column's length). */
const WORD_MAX = 64

const HAN = /\p{Script=Han}+/gu
const WHOLE = /[\p{L}\p{N}ー]+/gu

function clean(word: string) {
  return word.normalize('NFKC').toLowerCase().trim().slice(0, WORD_MAX)
}

/** The words a person would type for this title and tags (suggestions). */
export function wholeWordsOf(title: string, tags: string[] = []) {
  const words = new Set<string>()
  const text = clean(title.normalize('NFKC'))
  for (const [run] of text.matchAll(HAN)) {
    for (const word of segmenter().cut(run, true)) {
      const cut = clean(word)
      if ([...cut].length >= 2) words.add(cut)
    }
  }
  for (const [word] of text.replace(HAN, ' ').matchAll(WHOLE)) {
    if ([...word].length >= 2 && !/^\d+$/.test(word)) words.add(clean(word))
  }
  for (const tag of tags) {
    const cut = clean(tag)
    if ([...cut].length >= 2) words.add(cut)
  }
  return words
}

/** The search words of a video (title and tags). */
export function searchWordsOf(title: string, tags: string[] = []) {
  const words = new Set<string>()
  for (const word of wordsOf(`${title} ${tags.join(' ')}`.normalize('NFKC'), 'document')) {
    const cut = clean(word)
    if (cut) words.add(cut)
  }
  return words
}

/** The words of a search box's text, each to be found (the last as a prefix while typing). */
export function queryWordsOf(text: string) {
  return [...new Set(wordsOf(text.normalize('NFKC'), 'query').map(clean).filter(Boolean))]
}

export interface WordSource {
  id: number
  title: string
  tags: string | null
}

/** The whole words of a title and tags: the ones video_word_counts counts. */
function rowsOf(video: WordSource) {
  const tags = tagsOf(video.tags)
  const whole = wholeWordsOf(video.title, tags)
  const all = searchWordsOf(video.title, tags)
  for (const word of whole) all.add(word)
  return { whole, all }
}

/** A row of video_words: its primary key is (word, video_id). */
interface WordRow {
  word: string
  video_id: number
  whole: boolean
}

/** video_words' primary-key order (word, then video), the order rows are written in. */
function byPrimaryKey(
  a: { word: string; video_id: number },
  b: { word: string; video_id: number }
) {
  if (a.word !== b.word) return a.word < b.word ? -1 : 1
  return a.video_id - b.video_id
}

/**
 * (Re)writes the words of these videos in `client`'s transaction: the rows
 * a video no longer has go, the ones it gained come (a `whole` that changed
 * is both). The whole words a video gained or lost are appended to
 * video_word_changes (all of its old and new whole words with `markAll`:
 * its listed state changed too), for `refreshChangedVideoWords()` to
 * recount.
 *
 * Several accounts are written at once (the collection's workers), each in
 * its own transaction, so the statements lock only the rows they write: the
 * old rows are read with a plain (non-locking) read and removed by their
 * primary key, and a video without rows (every new video) deletes nothing.
 * A delete by `video_id` would lock the index range after the highest
 * video, even when it finds no row, and two transactions holding that range
 * then deadlock on each other's inserts of new videos' words. The inserts
 * go in primary-key order, so that two transactions meet their rows in the
 * same order.
 */
export async function indexVideoWords(
  client: QueryClientContract,
  videos: WordSource[],
  options: { markAll?: boolean } = {}
) {
  for (const batch of chunks(videos, 500)) {
    const ids = batch.map((video) => video.id)
    const stored = new Map<string, WordRow>()
    const before = new Map<number, Set<string>>()
    const old = await client
      .from('video_words')
      .whereIn('video_id', ids)
      .select('video_id', 'word', 'whole')
    for (const row of old) {
      const entry = { word: String(row.word), video_id: Number(row.video_id), whole: !!row.whole }
      stored.set(`${entry.video_id}|${entry.word}`, entry)
      if (!entry.whole) continue
      const words = before.get(entry.video_id)
      if (words) words.add(entry.word)
      else before.set(entry.video_id, new Set([entry.word]))
    }

    const rows: WordRow[] = []
    const kept = new Set<string>()
    const changed = new Set<string>()
    for (const video of batch) {
      const { whole, all } = rowsOf(video)
      for (const word of all) {
        const row = { word, video_id: video.id, whole: whole.has(word) }
        const key = `${video.id}|${word}`
        if (stored.get(key)?.whole === row.whole) kept.add(key)
        else rows.push(row)
      }
      const had = before.get(video.id) ?? new Set<string>()
      for (const word of whole) if (options.markAll || !had.has(word)) changed.add(word)
      for (const word of had) if (options.markAll || !whole.has(word)) changed.add(word)
    }

    // rows the videos lost (or whose `whole` changed), by their primary key
    const gone = [...stored.entries()]
      .filter(([key]) => !kept.has(key))
      .map(([, row]) => row)
      .sort(byPrimaryKey)
    for (const part of chunks(gone, 400)) {
      await client
        .knexQuery()
        .table('video_words')
        .whereIn(
          ['word', 'video_id'],
          part.map((row) => [row.word, row.video_id])
        )
        .delete()
    }
    // SQLite takes at most 500 rows in one multi-row insert (its compound-select limit)
    for (const part of chunks(rows.sort(byPrimaryKey), 400)) {
      await client
        .knexQuery()
        .table('video_words')
        .insert(part)
        .onConflict(['word', 'video_id'])
        .ignore()
    }
    await appendChanges(client, [...changed])
  }
}

async function appendChanges(client: QueryClientContract, words: string[]) {
  for (const part of chunks(words.sort(), 400)) {
    await client.table('video_word_changes').multiInsert(part.map((word) => ({ word })))
  }
}

/**
 * Appends the whole words of these videos to video_word_changes (videos
 * marked deleted or listed again: every count they are part of changes).
 */
export async function markVideoWordChanges(client: QueryClientContract, videoIds: number[]) {
  for (const part of chunks(videoIds, 500)) {
    const rows = await client
      .from('video_words')
      .whereIn('video_id', part)
      .where('whole', true)
      .select('word')
    await appendChanges(client, [...new Set(rows.map((row) => String(row.word)))])
  }
}

/*
| Recounting
|
| A recount reads the counts of some words (a list, or a range of
| video_words' primary key) with one GROUP BY — a plain read, so the videos
| it joins are not locked — then replaces those words' rows of
| video_word_counts in a short transaction of its own.
*/

/** Words per recount of changed words. */
const CHANGED_BATCH = 500
export const WORD_SWEEP = {
  /** video_words rows per range of a recount (the sweep, the rebuild): one short transaction each. */
  batchRows: 200_000,
  /**
   * video_words rows the sweep recounts after each collection run (see
   * afterRun): on the bench's 16.9 M rows about 10 s a run, the whole table
   * every 4 runs.
   */
  rowsPerRun: 5_000_000,
}
const SWEEP_KEY = 'videos.word_sweep'

type Bounds = { words: string[] } | { after: string; upTo: string | null }

async function recount(bounds: Bounds) {
  const where = <Query extends DatabaseQueryBuilderContract>(query: Query, column: string) => {
    if ('words' in bounds) return query.whereIn(column, bounds.words)
    query.where(column, '>', bounds.after)
    if (bounds.upTo !== null) query.where(column, '<=', bounds.upTo)
    return query
  }
  const counted = await where(
    db
      .from('video_words as w')
      .join('videos as v', 'v.id', 'w.video_id')
      .where('w.whole', true)
      .whereNull('v.deleted_on'),
    'w.word'
  )
    .groupBy('w.word')
    .select('w.word')
    .count('* as videos')
    .sum('v.views as views')
  const rows: { word: string; videos: number; views: number }[] = counted.map(
    (row: Record<string, unknown>) => ({
      word: String(row.word),
      videos: Number(row.videos),
      views: Number(row.views ?? 0),
    })
  )
  await db.transaction(async (trx) => {
    await where(trx.from('video_word_counts'), 'word').delete()
    for (const part of chunks(rows, 400)) await trx.table('video_word_counts').multiInsert(part)
  })
  return rows.length
}

/**
 * Recounts the words appended to video_word_changes so far (CHANGED_BATCH
 * at a time, in word order), then removes the rows it read. Words appended
 * while it runs stay for the next call.
 */
export async function refreshChangedVideoWords() {
  const newest = await db.from('video_word_changes').max('id as id').first()
  const last = Number(newest?.id ?? 0)
  if (!last) return { words: 0 }
  let after: string | null = null
  let words = 0
  for (;;) {
    const query = db
      .from('video_word_changes')
      .where('id', '<=', last)
      .distinct('word')
      .orderBy('word')
      .limit(CHANGED_BATCH)
    if (after !== null) query.where('word', '>', after)
    const rows = await query
    const batch = rows.map((row) => String(row.word))
    if (batch.length === 0) break
    await recount({ words: batch })
    words += batch.length
    after = batch.at(-1)!
    if (batch.length < CHANGED_BATCH) break
  }
  await db.from('video_word_changes').where('id', '<=', last).delete()
  return { words }
}

/** The last word of the next range after `after` holding about `rows` rows (null: to the end). */
async function rangeEnd(after: string, rows: number): Promise<string | null> {
  const row = await db
    .from('video_words')
    .where('word', '>', after)
    .orderBy('word')
    .offset(rows - 1)
    .limit(1)
    .select('word')
    .first()
  return row ? String(row.word) : null
}

/**
 * Recounts video_word_counts in ranges of about `batchRows` video_words rows
 * from the word after `after`, each range its own short transaction, until
 * `rows` rows were read or the table's end; returns where it stopped (null
 * at the end).
 */
async function recountRanges(after: string, rows: number, batchRows = WORD_SWEEP.batchRows) {
  let cursor = after
  let read = 0
  while (read < rows) {
    const upTo = await rangeEnd(cursor, batchRows)
    await recount({ after: cursor, upTo })
    if (upTo === null) return null
    cursor = upTo
    read += batchRows
  }
  return cursor
}

/**
 * The views of every word follow its videos' views by recounting a slice of
 * the table after each collection run (the changed words are exact at once;
 * the views sums of the others are at most a few runs old): `rows`
 * video_words rows on from where the last sweep stopped, starting over at
 * the table's end. Returns where it stopped (`after` null: at the table's
 * end), or null when `rows` is 0 (nothing read).
 */
export async function sweepVideoWordCounts(
  rows = WORD_SWEEP.rowsPerRun
): Promise<{ after: string | null } | null> {
  if (rows <= 0) return null
  const stored = await db.from('studio_settings').where('key', SWEEP_KEY).first()
  const after = stored?.value ? String(JSON.parse(stored.value).after ?? '') : ''
  const stopped = await recountRanges(after, rows)
  const value = JSON.stringify({ after: stopped ?? '' })
  const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
  if (stored) {
    await db.from('studio_settings').where('key', SWEEP_KEY).update({ value, updated_at: now })
  } else {
    await db.table('studio_settings').insert({ key: SWEEP_KEY, value, updated_at: now })
  }
  return { after: stopped }
}

/**
 * Recounts the whole of video_word_counts from video_words (a bulk load that
 * bypassed the writer: the tests' and the bench's datasets), range by range.
 */
export async function rebuildVideoWordCounts(batchRows = WORD_SWEEP.batchRows) {
  await recountRanges('', Number.POSITIVE_INFINITY, batchRows)
  await db.from('video_word_changes').delete()
}
