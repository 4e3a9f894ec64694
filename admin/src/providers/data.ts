import simpleRest from '@refinedev/simple-rest'
import { api } from './http'

/**
 * Refine's simple-rest provider on the admin's HTTP client: lists read
 * `x-total-count`, filters travel as `field`, `field_like`, `_start`/`_end`.
 */
export const dataProvider = simpleRest('/api', api)
