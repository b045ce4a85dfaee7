/** The chunk behind `dialogs-chunk.ts`. */
export { HoldDialog } from './hold-dialog';
export { UndoDialogs } from './undo-dialogs';
