import { segmenter } from '#services/board/board_text'
import { KOREAN_PARTICLES, KOREAN_VERB_ENDINGS, STOP_WORDS } from '#services/tracking/stop_words'
import { TRACKING_KEYWORDS_MAX, type KeywordLanguage } from '#shared/tracking'

/*
|--------------------------------------------------------------------------
| The keyword cloud of a creator's video titles
|--------------------------------------------------------------------------
| Each title is read in its language: kana make it Japanese, Hangul Korean,
| other Han text Chinese, the rest English. Chinese is segmented by jieba
| (the board's loader, precise mode), Japanese and Korean by Intl.Segmenter's
| word granularity (Korean particles cut from a word's end), Latin words in
| any title as lower-cased English words. Stop words of the word's language,
| numbers and one-letter words are dropped; a word counts every time it
| occurs.
*/

interface Keyword {
  word: string
  count: number
  language: KeywordLanguage
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u
const HANGUL = /\p{Script=Hangul}/u
const HAN = /\p{Script=Han}/u
const HAN_RUN = /\p{Script=Han}+/gu
const LATIN_WORD = /^[\p{Script=Latin}\p{N}'’-]+$/u
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu
const HAS_LETTER = /\p{L}/u

const STOPS = Object.fromEntries(
  Object.entries(STOP_WORDS).map(([language, words]) => [language, new Set(words)])
) as Record<KeywordLanguage, Set<string>>

const segmenters = new Map<string, Intl.Segmenter>()
function wordSegmenter(locale: 'ja' | 'ko') {
  let found = segmenters.get(locale)
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity: 'word' })
    segmenters.set(locale, found)
  }
  return found
}

/** The language a title is written in (by its script). */
export function titleLanguage(title: string): KeywordLanguage {
  if (KANA.test(title)) return 'ja'
  if (HANGUL.test(title)) return 'ko'
  if (HAN.test(title)) return 'zh'
  return 'en'
}

/** A Korean word without a trailing particle, when two syllables or more remain. */
export function stripKoreanParticle(word: string) {
  if (KOREAN_VERB_ENDINGS.some((ending) => word.endsWith(ending))) return word
  for (const particle of KOREAN_PARTICLES) {
    if (word.endsWith(particle) && [...word].length - [...particle].length >= 2) {
      return word.slice(0, -particle.length)
    }
  }
  return word
}

/** The words of one title with their language, stop words still in. */
function rawWords(title: string): { word: string; language: KeywordLanguage }[] {
  const language = titleLanguage(title)
  const text = title.normalize('NFKC')
  const out: { word: string; language: KeywordLanguage }[] = []
  const latin = (segment: string) => {
    for (const [word] of segment.toLowerCase().matchAll(WORD)) {
      out.push({ word: word.replace(/’/g, "'"), language: 'en' })
    }
  }
  if (language === 'en') {
    latin(text)
  } else if (language === 'zh') {
    for (const [run] of text.matchAll(HAN_RUN)) {
      for (const word of segmenter().cut(run, true)) out.push({ word, language: 'zh' })
    }
    latin(text.replace(HAN_RUN, ' '))
  } else {
    for (const part of wordSegmenter(language).segment(text)) {
      if (!part.isWordLike) continue
      if (LATIN_WORD.test(part.segment)) latin(part.segment)
      else {
        const word = language === 'ko' ? stripKoreanParticle(part.segment) : part.segment
        out.push({ word, language })
      }
    }
  }
  return out
}

/** Whether a word is worth a place in the cloud. */
function kept(word: string, language: KeywordLanguage) {
  if (!HAS_LETTER.test(word)) return false
  if ([...word].length < 2) return false
  return !STOPS[language].has(word)
}

/** The keywords of `titles`, most frequent first (ties by the word), at most `max`. */
export function keywordsOf(titles: string[], max: number = TRACKING_KEYWORDS_MAX): Keyword[] {
  const counts = new Map<string, Keyword>()
  for (const title of titles) {
    for (const { word, language } of rawWords(title ?? '')) {
      if (!kept(word, language)) continue
      const found = counts.get(word)
      if (found) found.count++
      else counts.set(word, { word, count: 1, language })
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, max)
}
