import { chunk, lazyComponent } from '../../../lib/chunks';

/**
 * The questions of an audit row ("Rückgängig machen", "Aufbewahren") with the dialog library: one
 * chunk of their own, not needed to show the Audit-Log or an editor's Verlauf (decision 042).
 */
export const rowDialogs = chunk(() => import('./row-dialogs'));
export const UndoDialogs = lazyComponent(rowDialogs, (m) => m.UndoDialogs);
export const HoldDialog = lazyComponent(rowDialogs, (m) => m.HoldDialog);
