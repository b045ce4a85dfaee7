/**
 * The place of an editor's "Verlauf" (decision 105): the write dialog is shared, the audit log a
 * feature, so the app puts the audit log's row history here (app/control-panel-layout.tsx) and every
 * write dialog shows it in a tab of its own, for those the policy lets read it.
 */
import { createContext, type ComponentType } from 'react';

export interface EditorHistoryProps {
  /** The audit target type of the row (`catalogue.serverRadios`, `sync.group`). */
  targetType: string;
  targetId: number;
  /** An undo from the Verlauf succeeded: its message. */
  onUndone: (text: string) => void;
}

export interface EditorHistorySlot {
  View: ComponentType<EditorHistoryProps>;
  /** Starts loading the view's code (when an editor opens, before its tab is chosen). */
  preload: () => void;
}

export const EditorHistory = createContext<EditorHistorySlot | null>(null);
