/** The SPA imports only this type (ARCHITECTURE §2). */
export type { AppRouter } from './routers';
