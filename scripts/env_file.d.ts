export declare function ensureEnvFile(appRoot: URL): boolean
