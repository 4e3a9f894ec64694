/*
|--------------------------------------------------------------------------
| Bouncer policies
|--------------------------------------------------------------------------
|
| Pre-registered policies, referenced by name in the permissions catalogue.
|
*/
export const policies = {
  ScreenPolicy: () => import('#policies/screen_policy'),
  IpAllowlistPolicy: () => import('#policies/ip_allowlist_policy'),
  RegisterCodePolicy: () => import('#policies/register_code_policy'),
  AuditLogPolicy: () => import('#policies/audit_log_policy'),
  CreatorPolicy: () => import('#policies/creator_policy'),
  MetricPolicy: () => import('#policies/metric_policy'),
}
