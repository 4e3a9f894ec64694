import { ConnectPage } from './connect-page'

/** /app/connect_cr_data */
export default function ConnectCreatorsPage() {
  return <ConnectPage kind="creator" />
}
