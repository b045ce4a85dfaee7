/** Types of chromium.mjs, for the TypeScript Playwright configs. */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare function chromiumLaunchOptions(): { executablePath: string; args: string[] };
