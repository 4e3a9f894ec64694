/*
|--------------------------------------------------------------------------
| JavaScript entrypoint for running ace commands
|--------------------------------------------------------------------------
|
| TypeScript sources are compiled on the fly by ts-node (with swc).
|
*/
import 'ts-node-maintained/register/esm'

await import('./bin/console.js')
