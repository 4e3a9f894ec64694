import { NotSupportedPage } from '../not-supported'

/** Filled in by the owner of its area (issue 5). */
export default function ProductsPage() {
  return <NotSupportedPage resource="products" />
}
