import type { Locale } from './constants.js'

/*
| Issued documents (SPEC §2 'Document issuing'): the kinds, their number
| prefixes, the info tabs each prints and the public page each is shown on.
| The admin's documents tab and the public pages read the same lists.
*/

export const DOCUMENT_KINDS = [
  'bilidoc',
  'bilidoc_hh',
  'authorization_doc',
  'xiguaright_doc',
  'xiguasignup_doc',
  'haokan_original',
  'monthly_letter',
] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

/** Number prefix per kind: `BD-2026-0001` is the first Bilibili channel confirmation of 2026. */
export const DOCUMENT_PREFIXES: Record<DocumentKind, string> = {
  bilidoc: 'BD',
  bilidoc_hh: 'BC',
  authorization_doc: 'AD',
  xiguaright_doc: 'XR',
  xiguasignup_doc: 'XS',
  haokan_original: 'HO',
  monthly_letter: 'ML',
}

/** The creator's information a document can print, one tab each (L1–L3 are private). */
export const INFO_TABS = [
  'channel',
  'contract',
  'personal_l1',
  'personal_l2',
  'personal_l3',
  'settlement',
  'platform_account',
] as const
export type InfoTab = (typeof INFO_TABS)[number]

/** The private level a personal tab reveals. */
export const PRIVATE_TAB_LEVELS = {
  personal_l1: 'L1',
  personal_l2: 'L2',
  personal_l3: 'L3',
} as const satisfies Partial<Record<InfoTab, 'L1' | 'L2' | 'L3'>>

/** The private levels (L1–L3) that `tabs` print, in order. */
export function privateLevels(tabs: readonly InfoTab[]) {
  return tabs
    .filter((tab): tab is keyof typeof PRIVATE_TAB_LEVELS => tab in PRIVATE_TAB_LEVELS)
    .map((tab) => PRIVATE_TAB_LEVELS[tab])
}

/** What each kind prints when the issuer does not choose (the issuer may choose among INFO_TABS). */
export const DEFAULT_TABS: Record<DocumentKind, InfoTab[]> = {
  bilidoc: ['channel', 'platform_account'],
  bilidoc_hh: ['channel', 'contract', 'personal_l1', 'settlement'],
  authorization_doc: ['channel', 'contract'],
  xiguaright_doc: ['channel', 'contract', 'platform_account'],
  xiguasignup_doc: ['channel', 'personal_l1', 'platform_account'],
  haokan_original: ['channel', 'contract', 'platform_account'],
  monthly_letter: ['channel', 'settlement'],
}

/**
 * The public page (SPEC §2 route table) that shows a kind by its link. Haokan's
 * original certification shares Xigua's certification page; the monthly letter
 * goes to the creator's own account and has no public page.
 */
export const PUBLIC_PAGES: Record<DocumentKind, string | null> = {
  bilidoc: 'bilidoc',
  bilidoc_hh: 'bilidoc_hh',
  authorization_doc: 'authorization_doc',
  xiguaright_doc: 'xiguaright_doc',
  xiguasignup_doc: 'xiguasignup_doc',
  haokan_original: 'xiguaright_doc',
  monthly_letter: null,
}

export const DOCUMENT_LANGUAGES: Locale[] = ['ko', 'zh', 'en', 'ja']

/** An issued document's state. */
export const DOCUMENT_STATUSES = ['issued', 'revoked'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

/** Limits of the issuing form, shared by the API's validators and the admin's form. */
export const DOCUMENT_LIMITS = { noteMax: 500, tokenLength: 43 } as const
