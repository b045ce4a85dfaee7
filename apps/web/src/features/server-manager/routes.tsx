/**
 * The Server Management screens, one chunk apart from the player screens (loaded only on admin
 * routes, with TanStack Table, react-hook-form and the dialog).
 */
import type { CatalogueKey } from '@nova/domain';
import { CataloguePage } from './catalogue-page';

export { ServerManagerHubPage } from './hub-page';

const pages = new Map<CatalogueKey, () => React.JSX.Element>();

/** One stable component per catalogue, so React keeps its state between renders. */
export function cataloguePage(key: CatalogueKey) {
  let page = pages.get(key);
  if (!page) {
    page = function CatalogueRoute() {
      return <CataloguePage catalogueKey={key} />;
    };
    pages.set(key, page);
  }
  return page;
}
