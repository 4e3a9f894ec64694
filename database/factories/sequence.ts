/**
 * A counter shared by the factories, so that values a table keeps unique
 * (emails, codes, keys, uids) never collide within a run and read the same
 * from one run to the next: user1@studio.example, JOIN-0001, …
 */
let counter = 0

export function nextNumber() {
  counter += 1
  return counter
}

/** The next number, zero-padded to four digits ('0007'). */
export function nextPadded() {
  return String(nextNumber()).padStart(4, '0')
}
