import { NotSupportedPage } from '../not-supported'

/** This tab of the Labs screen is not built yet: it says so. */
export default function VideoDownload() {
  return <NotSupportedPage resource="labs" />
}
