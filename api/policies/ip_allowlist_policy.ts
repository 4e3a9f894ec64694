import AdminOnlyPolicy from '#policies/admin_only_policy'

/** The IP allow-list is managed by admins only. */
export default class IpAllowlistPolicy extends AdminOnlyPolicy {}
