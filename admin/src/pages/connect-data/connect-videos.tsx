import { ConnectPage } from './connect-page'

/** /app/connect_video_data */
export default function ConnectVideosPage() {
  return <ConnectPage kind="video" />
}
