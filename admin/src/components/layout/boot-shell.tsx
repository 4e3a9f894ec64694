import { useMemo } from 'react'

/**
 * The signed-in frame of index.html (its `boot-shell` template): the server
 * paints it in #root when a signed-in reader opens an /app address, and the
 * app keeps showing it while the layout's code arrives, so that the menu's
 * and the header's places stay where they are instead of giving way to a
 * spinner in between.
 */
export function BootShell() {
  const html = useMemo(() => document.getElementById('boot-shell')?.innerHTML ?? '', [])
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />
}
