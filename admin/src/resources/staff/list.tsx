import { NotSupportedPage } from '../../pages/not-supported'

/** Filled in by the owner of its area (issue 5). */
export default function StaffListPage() {
  return <NotSupportedPage resource="staff" />
}
