import { chunk, lazyComponent } from '../../lib/chunks';

/** The add/edit dialogs of both tabs: one chunk, not needed to show the tables (decision 042). */
export const syncDialogs = chunk(() => import('./sync-dialogs'));
export const GroupDialog = lazyComponent(syncDialogs, (m) => m.GroupDialog);
export const ObjectDialog = lazyComponent(syncDialogs, (m) => m.ObjectDialog);
