import { useCustom } from '@refinedev/core'
import { useQueryPatch } from '../../lib/use-query-patch'
import { BoardPostEdit } from './edit'
import { ALL, BoardPostList } from './list'
import { BoardPostShow } from './show'
import type { BoardCategoryRight } from './types'

/**
 * /app/board (SPEC §2 Board): the list; ?id= reads a post, ?write=1 opens
 * the editor on a new one and ?edit= on an existing one.
 */
export function BoardScreen() {
  const [params, set] = useQueryPatch()
  const { query } = useCustom<BoardCategoryRight[]>({ url: '/api/board/categories', method: 'get' })
  const categories = query.data?.data ?? []
  const viewing = params.get('id')
  const editing = params.get('edit')
  if (params.get('write') || editing) {
    return (
      <BoardPostEdit
        id={editing ? Number(editing) : undefined}
        categories={categories}
        defaultCategory={params.get('tab') ?? ALL}
        onDone={(id) => set({ write: undefined, edit: undefined, id: id ? String(id) : undefined })}
      />
    )
  }
  if (viewing) {
    return (
      <BoardPostShow
        id={Number(viewing)}
        onBack={() => set({ id: undefined })}
        onEdit={(id) => set({ id: undefined, edit: String(id) })}
      />
    )
  }
  return <BoardPostList categories={categories} />
}

export default BoardScreen
