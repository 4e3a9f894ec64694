import sanitizeHtml from 'sanitize-html'
import { Jieba } from '@node-rs/jieba'
import { dict } from '@node-rs/jieba/dict.js'

/*
|--------------------------------------------------------------------------
| Board text: sanitising and search words
|--------------------------------------------------------------------------
| Posts arrive as the rich-text editor's HTML. Only an allow-list of tags,
| attributes and URL schemes survives (sanitize-html): no scripts, styles,
| frames, event handlers or javascript:/data: URLs, and pictures only from the
| studio's own paths (no outside <img> that tracks readers). Search works on words:
| Chinese is segmented by jieba (search mode, so 数据分析 also yields 数据 and
| 分析), Hangul and kana runs become overlapping two-character pieces (Korean
| particles stick to words), everything else is lower-cased words.
*/

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    'a': ['href', 'target', 'rel'],
    'img': ['src', 'alt', 'width', 'height'],
    '*': ['class'],
    'td': ['colspan', 'rowspan'],
    'th': ['colspan', 'rowspan'],
  },
  // The editor's own alignment/indent/list classes only.
  allowedClasses: { '*': [/^ql-(align|indent|direction|size|font)-[a-z0-9-]+$/, 'ql-syntax'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Pictures only from the studio itself: an image from another site would tell
  // that site who read the post and when (and the admin's CSP would block it).
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  // (an img whose src was refused above has none left, and goes as a whole)
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
}

export function sanitizeBoardHtml(html: string) {
  return sanitizeHtml(html, SANITIZE).trim()
}

/** The text a person reads, for excerpts and search. */
export function plainText(html: string) {
  return sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

let jieba: Jieba | null = null
/** The one jieba of the process (its dictionary is loaded once, on first use; video words use it too). */
export function segmenter() {
  jieba ??= Jieba.withDict(dict)
  return jieba
}

const HAN = /\p{Script=Han}+/gu
const PAIRED = /[\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu
const WORD = /[\p{L}\p{N}]+/gu

function pairs(run: string) {
  const chars = [...run]
  if (chars.length < 2) return chars
  const out: string[] = []
  for (let index = 0; index < chars.length - 1; index++) out.push(chars[index] + chars[index + 1])
  return out
}

/**
 * The words of a text: jieba for Han runs (search mode for documents,
 * precise mode for queries), two-character pieces for Hangul and kana, and
 * lower-cased Latin/number words.
 */
export function wordsOf(text: string, mode: 'document' | 'query') {
  const words = new Set<string>()
  const lower = text.toLowerCase()
  for (const [run] of lower.matchAll(HAN)) {
    const cut =
      mode === 'document' ? segmenter().cutForSearch(run, true) : segmenter().cut(run, true)
    for (const word of cut) if (word.trim()) words.add(word)
    if (mode === 'document') for (const char of run) words.add(char)
  }
  for (const [run] of lower.matchAll(PAIRED)) for (const piece of pairs(run)) words.add(piece)
  const rest = lower.replace(HAN, ' ').replace(PAIRED, ' ')
  for (const [word] of rest.matchAll(WORD)) words.add(word)
  return [...words]
}

/** What is stored in board_posts.search_terms: ' word word … ' (padded, so LIKE '% word %' is exact). */
export function searchTerms(title: string, text: string) {
  return ` ${wordsOf(`${title} ${text}`, 'document').join(' ')} `
}
