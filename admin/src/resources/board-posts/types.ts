import type { BoardCategory } from '@shared/board'

interface BoardAuthor {
  id: number
  name: string
  avatar_url: string | null
}

export interface BoardListItem {
  id: number
  category: BoardCategory
  title: string
  excerpt: string
  status: 'draft' | 'published'
  pinned: boolean
  views: number
  author: BoardAuthor | null
  attachments: number
  published_at: string | null
  updated_at: string
}

export interface BoardAttachment {
  id: number
  name: string
  mime: string
  size: number
}

export interface BoardPostDetail extends Omit<BoardListItem, 'attachments'> {
  content: string
  attachments: BoardAttachment[]
  can_edit: boolean
}

export interface BoardCategoryRight {
  key: BoardCategory
  can_write: boolean
}
