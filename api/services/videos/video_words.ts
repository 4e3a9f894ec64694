import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
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
| (videos carrying the word and those videos' views) live in
| video_word_counts, rebuilt by `rebuildVideoWordCounts()` after an ingest:
| one GROUP BY over video_words (about 10 words a video; on MariaDB about
| 1 s per million rows), so that a prefix's suggestions read one short
| range of a primary key.
|
| The ingest calls `indexVideoWords(client, videos)` for every video it
| creates or whose title or tags changed, then `rebuildVideoWordCounts()`
| once at the end.
|
*/

/** Longest word kept (the column's length). */
export const WORD_MAX = 64

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

/**
 * (Re)writes the words of these videos in `client`'s transaction: their old
 * rows go, the current title's and tags' come.
 */
export async function indexVideoWords(client: QueryClientContract, videos: WordSource[]) {
  for (const batch of chunks(videos, 500)) {
    await client
      .from('video_words')
      .whereIn(
        'video_id',
        batch.map((video) => video.id)
      )
      .delete()
    const rows: { word: string; video_id: number; whole: boolean }[] = []
    for (const video of batch) {
      const tags = tagsOf(video.tags)
      const whole = wholeWordsOf(video.title, tags)
      const all = searchWordsOf(video.title, tags)
      for (const word of whole) all.add(word)
      for (const word of all) rows.push({ word, video_id: video.id, whole: whole.has(word) })
    }
    // SQLite takes at most 500 rows in one multi-row insert (its compound-select limit)
    for (const part of chunks(rows, 400)) {
      await client
        .knexQuery()
        .table('video_words')
        .insert(part)
        .onConflict(['word', 'video_id'])
        .ignore()
    }
  }
}

/** Recounts video_word_counts from video_words (after an ingest; see the cost above). */
export async function rebuildVideoWordCounts(client: QueryClientContract = db.connection()) {
  await client.transaction(async (trx) => {
    await trx.from('video_word_counts').delete()
    await trx.rawQuery(
      `insert into video_word_counts (word, videos, views)
       select w.word, count(*), coalesce(sum(v.views), 0)
       from video_words w join videos v on v.id = w.video_id
       where w.whole = ? and v.deleted_on is null
       group by w.word`,
      [true]
    )
  })
}
