import { NotSupportedPage } from '../not-supported'

/** The thumbnail resizer tab (being built). */
export default function CoverResizer() {
  return <NotSupportedPage resource="labs" />
}
