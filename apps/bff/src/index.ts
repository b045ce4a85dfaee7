/** The SPA imports only this type (architecture §2). */
export type { AppRouter } from './routers';
