import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Breadcrumbs } from '../components/layout/breadcrumbs';
import { Drawer } from '../components/layout/drawer';
import { SidebarNav } from '../components/layout/sidebar-nav';
import { Button } from '../components/ui/button';
import { Loading } from '../components/ui/loading';
import { SearchBox, canSearch } from '../features/search/search-box';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import { TrpcProvider } from '../lib/trpc';
import { chunk, lazyComponent } from '../lib/chunks';
import { EditorHistory } from '../components/write-dialog/history-slot';

/** The audit log's history of one row, in every editor's "Verlauf" tab (decision 105). */
const rowHistory = chunk(() => import('../features/audit/components/row-history'));
const ROW_HISTORY = {
  View: lazyComponent(rowHistory, (m) => m.RowHistory),
  preload: () => void rowHistory().catch(() => undefined),
};
import { AccessGate } from './access-gate';

/**
 * Specification §2.6: sidebar, breadcrumb bar, content. From 768 px the sidebar is fixed; below it slides in
 * from a menu button and closes after a link click (or Escape). Closing gives the focus back to the
 * menu button. The layout brings tRPC's React hooks (lib/trpc.tsx) for its screens.
 */
export function ControlPanelLayout() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The access gate renders this only for a signed-in user.
  if (session.status !== 'ready' || !session.me.signedIn) return null;
  const me = session.me;
  const searchable = canSearch(me);
  return (
    <TrpcProvider>
      <EditorHistory.Provider value={ROW_HISTORY}>
        <div className="mx-auto flex w-full max-w-7xl">
          <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-200 px-3 py-6 md:block dark:border-slate-800">
            <SidebarNav me={me} />
          </aside>
          <Drawer
            open={open}
            onClose={() => setOpen(false)}
            title="Control Panel"
            description="Navigation des Control Panels"
            returnFocus={menuButton}
          >
            <SidebarNav me={me} onNavigate={() => setOpen(false)} />
          </Drawer>
          <main id="inhalt" className="min-w-0 flex-1 px-4 py-6 md:px-8">
            <div
              className={cn(
                'mb-4 flex flex-wrap items-center gap-3 md:justify-end',
                !searchable && 'md:hidden',
              )}
            >
              <Button
                ref={menuButton}
                variant="secondary"
                aria-haspopup="dialog"
                aria-expanded={open}
                onClick={() => setOpen(true)}
                className="md:hidden"
              >
                <span aria-hidden="true">☰</span> Control-Panel-Menü
              </Button>
              {searchable && <SearchBox />}
            </div>
            <Breadcrumbs />
            <AccessGate within="control-panel">
              <Suspense fallback={<Loading />}>
                <Outlet />
              </Suspense>
            </AccessGate>
          </main>
        </div>
      </EditorHistory.Provider>
    </TrpcProvider>
  );
}
