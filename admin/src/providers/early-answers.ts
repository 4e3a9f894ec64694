import { api, type HttpResponse } from './http'

/**
 * GET answers asked for at start-up, beside the screen's code, instead of
 * after the screen is drawn (routes.tsx names them per screen): the screen's
 * first read of the same address takes the answer, once, if it was asked for
 * within the last EARLY_MS. Anything later reads afresh.
 */
const EARLY_MS = 10_000
const early = new Map<string, { at: number; answer: Promise<HttpResponse> }>()

export function askEarly(url: string) {
  if (early.has(url)) return
  const answer = api.get(url)
  // a refusal reaches the screen that takes it; one never taken is dropped
  answer.catch(() => undefined)
  early.set(url, { at: Date.now(), answer })
}

export function takeEarly(url: string): Promise<HttpResponse> | undefined {
  const entry = early.get(url)
  early.delete(url)
  return entry && Date.now() - entry.at < EARLY_MS ? entry.answer : undefined
}
