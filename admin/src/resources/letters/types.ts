export interface Person {
  id: number
  name: string
  role: string
  avatar_url: string | null
  email?: string
}

export interface LetterRow {
  id: number
  subject: string
  excerpt: string
  body?: string
  from: Person | null
  to: Person | null
  reply_to_id: number | null
  read: boolean
  created_at: string
}

/** What the composer starts with: a reply names its recipient, subject and the letter it answers. */
export interface Draft {
  recipient_id?: number
  subject?: string
  body?: string
  reply_to_id?: number
}
