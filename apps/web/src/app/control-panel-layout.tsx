import { Dialog } from 'radix-ui';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Breadcrumbs } from '../components/layout/breadcrumbs';
import { SidebarNav } from '../components/layout/sidebar-nav';
import { Button } from '../components/ui/button';
import { Loading } from '../components/ui/loading';
import { useSession } from '../lib/session';
import { AccessGate } from './access-gate';

/**
 * Doc 1 §2.6: sidebar, breadcrumb bar, content. From 768 px the sidebar is fixed; below it slides in
 * from a menu button and closes after a link click (or Escape). The button is the dialog's trigger,
 * so closing gives the focus back to it (issue 11).
 */
export function ControlPanelLayout() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  // The access gate renders this only for a signed-in user.
  if (session.status !== 'ready' || !session.me.signedIn) return null;
  const me = session.me;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <div className="mx-auto flex w-full max-w-7xl">
        <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-200 px-3 py-6 md:block dark:border-slate-800">
          <SidebarNav me={me} />
        </aside>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 md:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white px-3 py-6 shadow-xl focus:outline-none md:hidden dark:bg-slate-900">
            <div className="mb-4 flex items-center justify-between px-3">
              <Dialog.Title className="font-semibold">Control Panel</Dialog.Title>
              <Dialog.Close asChild>
                <Button variant="ghost" aria-label="Menü schließen">
                  <span aria-hidden="true">✕</span>
                </Button>
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">Navigation des Control Panels</Dialog.Description>
            <SidebarNav me={me} onNavigate={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
        <main id="inhalt" className="min-w-0 flex-1 px-4 py-6 md:px-8">
          <div className="mb-4 md:hidden">
            <Dialog.Trigger asChild>
              <Button variant="secondary">
                <span aria-hidden="true">☰</span> Control-Panel-Menü
              </Button>
            </Dialog.Trigger>
          </div>
          <Breadcrumbs />
          <AccessGate within="control-panel">
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </AccessGate>
        </main>
      </div>
    </Dialog.Root>
  );
}
