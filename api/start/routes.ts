/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
|
| Split by area under api/start/routes/. Public routes are exactly those of
| public.ts; every other route sits behind `auth` (the token header) and
| `allowedIp` (the IP allow-list). tests/functional/routes_guard.spec.ts
| walks the router to prove it.
|
*/
import '#start/routes/public'
import '#start/routes/auth'
import '#start/routes/admin'
import '#start/routes/creators'
import '#start/routes/creator_imports'
import '#start/routes/metric_imports'
import '#start/routes/data_center'
import '#start/routes/dashboard'
import '#start/routes/metrics_collection'
import '#start/routes/people'
import '#start/routes/board'
import '#start/routes/notifications'
import '#start/routes/letters'
import '#start/routes/alerts'
import '#start/routes/login_health'
import '#start/routes/market'
import '#start/routes/tracking'
import '#start/routes/videos'
import '#start/routes/growth'
import '#start/routes/uploads'
import '#start/routes/documents'
import '#start/routes/settlement'
import '#start/routes/reports'
import '#start/routes/outside_creators'
import '#start/routes/labs'
import '#start/routes/connect_data'
import '#start/routes/outside_videos'
import '#start/routes/spec_paths'
import '#start/routes/crawler_service'
