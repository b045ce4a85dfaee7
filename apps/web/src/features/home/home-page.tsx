import { Link } from 'react-router-dom';
import { ExternalLink, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FallbackImage } from '../../components/ui/fallback-image';
import { assets } from '../../config/assets';
import { loginHref, paths } from '../../config/paths';
import { publicConfig } from '../../config/public-config';
import { FEATURES } from './feature-cards';
import { SignedOutNotice } from './signed-out-notice';

/** Specification §2.16: hero, "Über Nova Legacy", six feature cards, an invitation to join. */
export function HomePage() {
  return (
    <>
      <SignedOutNotice />
      <Hero />
      <About />
      <JoinInvitation />
    </>
  );
}

/** The hero image with the logo, the welcome and the two ways on. */
function Hero() {
  return (
    <section
      className="relative isolate overflow-hidden bg-slate-950 bg-cover bg-center text-white"
      style={{ backgroundImage: `url(${assets.hero})` }}
    >
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-slate-950/40 via-slate-950/60 to-slate-950/90" />
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center md:py-28">
        <FallbackImage
          src={assets.logo}
          fallback="/images/logo.png"
          alt="Nova Legacy Logo"
          className="size-24 md:size-32"
        />
        <h1 className="mt-6 text-4xl font-black tracking-tight md:text-6xl">Willkommen auf Nova Legacy</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200 md:text-xl">
          Der größte Reallife-Server im deutschsprachigen Raum – erlebe San Andreas so lebendig wie nie zuvor.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="#mitspielen" className={buttonClass('primary')}>
            Jetzt mitspielen
          </a>
          <Link to={paths.toplist} className={buttonClass('secondary')}>
            Zur Toplist
          </Link>
        </div>
      </div>
    </section>
  );
}

/** "Über Nova Legacy" with the six feature cards. */
function About() {
  return (
    <section aria-labelledby="ueber" className="mx-auto max-w-5xl px-4 py-14">
      <h2 id="ueber" className="text-3xl font-bold">
        Über Nova Legacy
      </h2>
      <p className="mt-4 text-lg leading-relaxed text-slate-700 dark:text-slate-300">
        Nova Legacy ist ein deutschsprachiger Reallife-Server für San Andreas. Bei uns baust du dir ein
        zweites Leben auf: Du beginnst mit wenig, suchst dir einen Job, kaufst dein erstes Fahrzeug, trittst
        einer Fraktion bei oder gehst deinen eigenen Weg. Ein engagiertes Team aus Entwicklern, Supportern und
        Administratoren sorgt für stabile Technik, klare Regeln und faires Spiel.
      </p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <Card className="h-full">
              <h3 className="text-lg font-semibold text-brand-700 dark:text-brand-300">{feature.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{feature.text}</p>
              {feature.title === 'Events' && (
                <p className="mt-3">
                  <Link to={paths.calendar}>Zum Fight-Kalender</Link>
                </p>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Werde Teil von Nova Legacy": sign in, the forum, Discord. */
function JoinInvitation() {
  return (
    <section
      id="mitspielen"
      aria-labelledby="mitspielen-titel"
      className="bg-brand-700 text-white dark:bg-brand-900"
    >
      <div className="mx-auto max-w-5xl px-4 py-14 text-center">
        <h2 id="mitspielen-titel" className="text-3xl font-bold">
          Werde Teil von Nova Legacy
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
          Mit einem einzigen Konto nutzt du Forum, Website und Spielserver. Melde dich an, stell dich im Forum
          vor und triff uns auf Discord – wir freuen uns auf dich!
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href={loginHref(paths.controlPanel)} className={buttonClass('secondary')}>
            Anmelden
          </a>
          <ExternalLink href={publicConfig.links.forum} className={buttonClass('secondary')}>
            Zum Forum
          </ExternalLink>
          <ExternalLink href={publicConfig.links.discord} className={buttonClass('secondary')}>
            Discord beitreten
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
