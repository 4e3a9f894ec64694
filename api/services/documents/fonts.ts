import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import * as fontkit from 'fontkit'
import type { Locale } from '#shared/constants'

/*
| The fonts every PDF is set in: Noto Sans CJK (KR, SC and JP; OpenType CFF,
| SIL OFL 1.1) from the npm packages @embedpdf/fonts-kr, -sc and -jp, so a
| fresh `npm ci` renders Hangul, Hanzi and Kana without system fonts. pdfkit
| embeds only the glyphs a document uses (a CID-keyed CFF subset), so a
| one-page document stays near 100 KB whatever the script.
*/

type FontFace = 'kr' | 'sc' | 'jp'
export type FontWeight = 'regular' | 'bold'

const FILES: Record<FontFace, { pkg: string; regular: string; bold: string }> = {
  kr: {
    pkg: '@embedpdf/fonts-kr',
    regular: 'NotoSansKR-Regular.otf',
    bold: 'NotoSansKR-Bold.otf',
  },
  sc: {
    pkg: '@embedpdf/fonts-sc',
    regular: 'NotoSansHans-Regular.otf',
    bold: 'NotoSansHans-Bold.otf',
  },
  jp: {
    pkg: '@embedpdf/fonts-jp',
    regular: 'NotoSansJP-Regular.otf',
    bold: 'NotoSansJP-Bold.otf',
  },
}

/**
 * The faces tried in order for a language: its own region's glyph forms
 * first (Korean Hanja, simplified Chinese, Japanese Kanji), the others for
 * what it lacks (a Chinese channel name in a Korean document).
 */
export const FONT_CHAINS: Record<Locale, FontFace[]> = {
  ko: ['kr', 'sc', 'jp'],
  zh: ['sc', 'jp', 'kr'],
  ja: ['jp', 'sc', 'kr'],
  en: ['kr', 'sc', 'jp'],
}

const require = createRequire(import.meta.url)

/** The folder of a font package (its entry lives in dist/, the fonts in fonts/). */
function fontFolder(pkg: string) {
  return join(dirname(dirname(require.resolve(pkg))), 'fonts')
}

const parsed = new Map<string, fontkit.Font>()

/**
 * A face parsed once per process and shared by every document (pdfkit takes
 * a parsed fontkit font as it is; each document still embeds its own subset).
 * Parsing the 4.5 to 8.5 MB files for every document cost most of a render.
 */
export function fontFor(face: FontFace, weight: FontWeight): fontkit.Font {
  const key = `${face}:${weight}`
  let font = parsed.get(key)
  if (!font) {
    const file = FILES[face]
    font = fontkit.create(readFileSync(join(fontFolder(file.pkg), file[weight])))
    parsed.set(key, font)
  }
  return font
}

/** Whether `face` draws the character (decided on the regular weight; the bold has the same set). */
function faceHas(face: FontFace, codePoint: number) {
  return fontFor(face, 'regular').hasGlyphForCodePoint(codePoint)
}

/**
 * `text` cut into runs, each set in the first face of `chain` that has its
 * characters (spaces and other characters every face has stay with the run
 * they are in). A character no face has stays in the first face.
 */
export function fontRuns(text: string, chain: FontFace[]) {
  const runs: { face: FontFace; text: string }[] = []
  for (const char of text) {
    const codePoint = char.codePointAt(0)!
    const current = runs.at(-1)
    if (current && (codePoint < 0x80 || faceHas(current.face, codePoint))) {
      current.text += char
      continue
    }
    const face = chain.find((candidate) => faceHas(candidate, codePoint)) ?? chain[0]
    if (current && current.face === face) current.text += char
    else runs.push({ face, text: char })
  }
  return runs
}
