import { ROLES, decide, routeAccess } from '@nova/domain';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { publicConfig } from '../../config/public-config';
import { cn } from '../../lib/cn';
import { hasRole, type SignedInMe } from '../../lib/session';
import { LogoutButton } from './logout-button';

const link =
  'flex w-full items-center rounded-md px-3 py-2 text-sm font-medium text-slate-700 no-underline hover:bg-slate-200/70 hover:no-underline dark:text-slate-200 dark:hover:bg-slate-800';

function Item({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) =>
          cn(link, isActive && 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100')
        }
      >
        {children}
      </NavLink>
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-6">
      <h2 className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-400">
        {title}
      </h2>
      <ul className="space-y-0.5">{children}</ul>
    </section>
  );
}

/** The Admin section's links; each is shown when the policy lets the user open it. */
const ADMIN_LINKS = [
  { to: paths.syncManager, label: 'Sync Management' },
  { to: paths.serverManager, label: 'Server Management' },
  { to: paths.auditLog, label: 'Audit-Log' },
] as const;

/**
 * Doc 1 §2.6: account links; the Admin section only with web:beta and each admin link only with its
 * role; Help and Logout.
 */
export function SidebarNav({ me, onNavigate }: { me: SignedInMe; onNavigate?: () => void }) {
  return (
    <nav
      aria-label="Control Panel"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a, button')) onNavigate?.();
      }}
    >
      <Section title="Account">
        <Item to={paths.user} end>
          Profil
        </Item>
        <Item to={paths.sync}>Synchronisation</Item>
        <Item to={paths.settings}>Accounteinstellungen</Item>
      </Section>
      {hasRole(me, ROLES.beta) && (
        <Section title="Admin">
          {ADMIN_LINKS.filter(({ to }) => decide(routeAccess(to), me) === 'allow').map(({ to, label }) => (
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
