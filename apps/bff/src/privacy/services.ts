/**
 * The privacy room's services (decisions 101, 102), made once per app: the export jobs and their
 * runner, the requests, and the eraser an erasure request's "erledigt" runs.
 */
import type { ExportStore } from './export-store';
import type { PrivacyEraser, PrivacyRequests } from './requests';

export interface PrivacyServices {
  exports: ExportStore;
  requests: PrivacyRequests;
  eraser: PrivacyEraser;
  /** Asks the runner to look for work now. */
  kick: () => void;
  exportValidHours: number;
}
