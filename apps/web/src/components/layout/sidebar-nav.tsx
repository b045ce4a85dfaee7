import { ROLES, decide, routeAccess } from '@nova/domain';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { publicConfig } from '../../config/public-config';
import { cn } from '../../lib/cn';
import { hasRole, type SignedInMe } from '../../lib/session';
import { LogoutButton } from './logout-button';

const link =
  'flex w-full items-center rounded-md px-3 py-2 text-sm font-medium text-slate-700 no-underline hover:bg-slate-200/70 hover:no-underline dark:text-slate-200 dark:hover:bg-slate-800';

/** The entry of the address at or below `to`, unless `active` says otherwise. */
function Item({ to, active, children }: { to: string; active?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const current = active ?? (pathname === to || pathname.startsWith(`${to}/`));
  return (
    <li>
      <Link
        to={to}
        aria-current={current ? 'page' : undefined}
        className={cn(
          link,
          current && 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
        )}
      >
        {children}
      </Link>
    </li>
  );
}

/** A heading and its links; `empty` stands below the heading instead of a list without entries. */
function Section({ title, empty, children }: { title: string; empty?: string; children: ReactNode }) {
  return (
    <section className="mb-6">
      <h2 className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-400">
        {title}
      </h2>
      {empty !== undefined ? (
        <p className="px-3 text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="space-y-0.5">{children}</ul>
      )}
    </section>
  );
}

/** The Admin section's links; each is shown when the policy lets the user open it. */
const ADMIN_LINKS = [
  { to: paths.syncManager, label: 'Sync Management' },
  { to: paths.serverManager, label: 'Server Management' },
  { to: paths.auditLog, label: 'Audit-Log' },
  { to: paths.integrations, label: 'Integrationen' },
  { to: paths.privacyRequests, label: 'Datenschutzanfragen' },
  { to: paths.webhooks, label: 'Webhooks' },
] as const;

const NO_ADMIN_AREA = 'Für dich ist noch kein Adminbereich freigeschaltet.';

/** Profil stands for every player page below it (own or foreign), not for sync and settings. */
function isProfilePage(pathname: string): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return under(paths.user) && !under(paths.sync) && !under(paths.settings);
}

/**
 * Specification §2.6: account links; the Admin heading for every holder of web:beta and each admin
 * link only with its own role (below a heading without links, one line says that none is unlocked
 * yet); Help and Logout.
 */
export function SidebarNav({ me, onNavigate }: { me: SignedInMe; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const beta = hasRole(me, ROLES.beta);
  const adminLinks = ADMIN_LINKS.filter(({ to }) => decide(routeAccess(to), me) === 'allow');
  return (
    <nav
      aria-label="Control Panel"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a, button')) onNavigate?.();
      }}
    >
      <Section title="Account">
        <Item to={paths.user} active={isProfilePage(pathname)}>
          Profil
        </Item>
        <Item to={paths.sync}>Synchronisation</Item>
        <Item to={paths.settings}>Accounteinstellungen</Item>
      </Section>
      {beta && (
        <Section title="Admin" empty={adminLinks.length === 0 ? NO_ADMIN_AREA : undefined}>
          {adminLinks.map(({ to, label }) => (
            <Item key={to} to={to}>
              {label}
            </Item>
          ))}
        </Section>
      )}
      <Section title="Sonstiges">
        <li>
          <a href={publicConfig.links.forum} target="_blank" rel="noopener noreferrer" className={link}>
            Help<span className="sr-only"> (Forum, öffnet in einem neuen Tab)</span>
          </a>
        </li>
        <li>
          <LogoutButton className={cn(link, 'text-left')} />
        </li>
      </Section>
    </nav>
  );
}
