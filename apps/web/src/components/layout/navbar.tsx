import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { assets } from '../../config/assets';
import { loginHref, paths } from '../../config/paths';
import { publicConfig } from '../../config/public-config';
import { cn } from '../../lib/cn';
import { useSession, type SessionState } from '../../lib/session';
import { ExternalLink } from '../ui/button';
import { FallbackImage } from '../ui/fallback-image';
import { LogoutButton } from './logout-button';
import { ThemeToggle } from './theme-toggle';

const item =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 no-underline hover:bg-slate-200/70 hover:no-underline dark:text-slate-200 dark:hover:bg-slate-800';

/** Specification §2.13: Startseite, Forum and Discord (new tab), theme toggle, sign-in or Control Panel + Logout. */
export function NavBar() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <nav aria-label="Hauptnavigation" className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4">
        <Link
          to={paths.home}
          className="mr-auto flex items-center gap-2 font-bold text-slate-900 no-underline hover:no-underline dark:text-white"
        >
          <FallbackImage src={assets.logo} fallback="/images/logo.png" alt="" className="size-8" />
          <span>Nova Legacy</span>
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          <MainLinks />
          <span className="mx-2">
            <ThemeToggle />
          </span>
          <AccountLinks session={session} />
        </div>
        <button
          type="button"
          className={cn(item, 'md:hidden')}
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((v) => !v)}
        >
          Menü
        </button>
      </nav>
      {open && (
        <div
          id="main-menu"
          className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setOpen(false);
          }}
          key={location.pathname}
        >
          <MainLinks />
          <div className="px-3 py-2">
            <ThemeToggle />
          </div>
          <AccountLinks session={session} />
        </div>
      )}
    </header>
  );
}

/** Startseite, Forum and Discord: in the bar, and again in the small screens' menu. */
function MainLinks() {
  return (
    <>
      <NavLink
        to={paths.home}
        className={({ isActive }) => cn(item, isActive && 'text-brand-700 dark:text-brand-300')}
      >
        Startseite
      </NavLink>
      <ExternalLink href={publicConfig.links.forum} className={item}>
        Forum
      </ExternalLink>
      <ExternalLink href={publicConfig.links.discord} className={item}>
        Discord
      </ExternalLink>
    </>
  );
}

/** Nothing while the session loads; then the Control Panel and Logout, or "Anmelden". */
function AccountLinks({ session }: { session: SessionState }) {
  const signedIn = session.status === 'ready' && session.me.signedIn;
  return session.status === 'loading' ? null : signedIn ? (
    <>
      <Link to={paths.controlPanel} className={item}>
        Control Panel
      </Link>
      <LogoutButton className={item} />
    </>
  ) : (
    <a
      href={loginHref(paths.controlPanel)}
      className={cn(item, 'bg-brand-600 text-white hover:bg-brand-700 dark:text-white')}
    >
      Anmelden
    </a>
  );
}
