/** What the API answers a signed-in person who lacks the right (HTTP 403). */
export const NO_PERMISSION =
  'You do not have the rights to view or edit this. Please contact the developer.'

interface Response {
  status(): number
  body(): any
  text(): string
  assertStatus(status: number): void
  assertBody(body: unknown): void
}

/** Awaits a request and checks its HTTP status. */
export async function expectStatus(
  request: PromiseLike<{ assertStatus(status: number): void }>,
  status: number
) {
  const response = await request
  response.assertStatus(status)
}

/** A 403 with exactly the studio's no-permission answer. */
export function assertNoPermission(response: Pick<Response, 'assertStatus' | 'assertBody'>) {
  response.assertStatus(403)
  response.assertBody({ status: 403, message: NO_PERMISSION })
}

/** A 4xx with the studio's error body: a numeric status and a message a person can read. */
export function assertClientError(
  response: Pick<Response, 'status' | 'body' | 'text'>,
  assert: any,
  context = ''
) {
  const where = `${context} ${response.status()} ${response.text().slice(0, 300)}`
  assert.isAtLeast(response.status(), 400, where)
  assert.isBelow(response.status(), 500, where)
  assert.isNumber(response.body()?.status, where)
  assert.isString(response.body()?.message, where)
  assert.isNotEmpty(response.body().message, where)
}

/** The field-level errors of a 422 answer, as `field:rule`. */
export function errorsOf(response: { body(): any }): string[] {
  return (response.body().errors ?? []).map(
    (error: { field: string; rule: string }) => `${error.field}:${error.rule}`
  )
}
