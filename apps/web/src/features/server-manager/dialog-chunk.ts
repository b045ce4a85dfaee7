import { chunk, lazyComponent } from '../../lib/chunks';

/** The add/edit dialog: its own chunk, not needed to show the table (decision 042). */
export const catalogueDialog = chunk(() => import('./catalogue-dialog'));
export const CatalogueDialog = lazyComponent(catalogueDialog, (m) => m.CatalogueDialog);
