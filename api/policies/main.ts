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
  UserPolicy: () => import('#policies/user_policy'),
  TeamPolicy: () => import('#policies/team_policy'),
  RegistrationPolicy: () => import('#policies/registration_policy'),
  BoardPolicy: () => import('#policies/board_policy'),
  NotificationPolicy: () => import('#policies/notification_policy'),
  LetterPolicy: () => import('#policies/letter_policy'),
  AlertPolicy: () => import('#policies/alert_policy'),
  MarketPolicy: () => import('#policies/market_policy'),
  CommercePolicy: () => import('#policies/commerce_policy'),
  GrowthPolicy: () => import('#policies/growth_policy'),
  TrackingPolicy: () => import('#policies/tracking_policy'),
  VideoPolicy: () => import('#policies/video_policy'),
  UploadPolicy: () => import('#policies/upload_policy'),
  DocumentPolicy: () => import('#policies/document_policy'),
  SettlementPolicy: () => import('#policies/settlement_policy'),
  ReportPolicy: () => import('#policies/report_policy'),
  MetricImportPolicy: () => import('#policies/metric_import_policy'),
  LoginHealthPolicy: () => import('#policies/login_health_policy'),
  OutsidePolicy: () => import('#policies/outside_policy'),
  ConnectDataPolicy: () => import('#policies/connect_data_policy'),
  LabsPolicy: () => import('#policies/labs_policy'),
}
