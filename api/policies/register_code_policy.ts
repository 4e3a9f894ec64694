import AdminOnlyPolicy from '#policies/admin_only_policy'

/** Register codes are created, listed and revoked by admins only. */
export default class RegisterCodePolicy extends AdminOnlyPolicy {}
