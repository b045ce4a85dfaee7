import type { Operator } from '@nova/contracts';
import { LEGAL_UPDATED, address, addressLines, contactLines, p } from './shared';
import type { LegalDocument } from './types';

/** The imprint ("Impressum"), built from the configured operator details. */
// Long on purpose: one legal document's text, read and reviewed as a whole.
export function imprint(operator: Operator): LegalDocument {
  const { email } = operator;

  return {
    title: 'Impressum',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'angaben',
        heading: 'Angaben gemäß § 5 DDG',
        blocks: [address(addressLines(operator))],
      },
      {
        id: 'kontakt',
        heading: 'Kontakt',
        blocks: [
          address(contactLines(operator)),
          p(
            'Diese E-Mail-Adresse ist zugleich die zentrale Kontaktstelle für Behörden sowie für Nutzerinnen und Nutzer nach Art. 11 und 12 der Verordnung (EU) 2022/2065 (Gesetz über digitale Dienste). Die Kommunikation ist in deutscher Sprache möglich.',
          ),
        ],
      },
      {
        id: 'verantwortlich',
        heading: 'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV',
        blocks: [address(addressLines(operator, operator.representative))],
      },
      {
        id: 'haftung-inhalte',
        heading: 'Haftung für Inhalte',
        blocks: [
          p(
            'Für eigene Inhalte auf diesen Seiten sind wir nach den allgemeinen Gesetzen verantwortlich. Wir erstellen diese Inhalte mit Sorgfalt, übernehmen jedoch keine Gewähr für ihre Richtigkeit, Vollständigkeit und Aktualität.',
          ),
          p(
            'Für fremde Informationen, die wir lediglich übermitteln oder für Nutzerinnen und Nutzer speichern – etwa Beiträge im Forum oder Angaben in Profilen –, gelten die Haftungsbeschränkungen der Art. 4 bis 8 der Verordnung (EU) 2022/2065 (Gesetz über digitale Dienste) in Verbindung mit § 7 DDG. Danach sind wir nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen allgemein zu überwachen oder aktiv nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen.',
          ),
          p(
            `Verpflichtungen zur Entfernung oder Sperrung von Informationen nach den allgemeinen Gesetzen bleiben unberührt. Eine solche Haftung kommt jedoch erst ab dem Zeitpunkt in Betracht, zu dem wir von einer konkreten Rechtsverletzung Kenntnis erlangen. Sobald uns rechtswidrige Inhalte bekannt werden, entfernen wir sie umgehend. Hinweise auf rechtswidrige Inhalte können Sie uns jederzeit an ${email} senden.`,
          ),
        ],
      },
      {
        id: 'haftung-links',
        heading: 'Haftung für Links',
        blocks: [
          p(
            'Unsere Seiten enthalten Links zu externen Websites Dritter, etwa zu Discord oder zu Downloadseiten für Teamspeak. Auf die Inhalte dieser Websites haben wir keinen Einfluss, deshalb können wir für diese fremden Inhalte keine Gewähr übernehmen. Für die Inhalte der verlinkten Seiten ist stets der jeweilige Anbieter oder Betreiber verantwortlich.',
          ),
          p(
            'Zum Zeitpunkt der Verlinkung waren uns keine rechtswidrigen Inhalte auf den verlinkten Seiten bekannt. Eine ständige inhaltliche Kontrolle der verlinkten Seiten ist ohne konkrete Anhaltspunkte für eine Rechtsverletzung jedoch nicht zumutbar. Werden uns Rechtsverletzungen bekannt, entfernen wir derartige Links umgehend.',
          ),
          p(
            'Links, die Nutzerinnen und Nutzer selbst setzen, etwa in Forenbeiträgen, sind fremde Informationen im Sinne des Abschnitts „Haftung für Inhalte“.',
          ),
        ],
      },
      {
        id: 'urheberrecht',
        heading: 'Urheberrecht',
        blocks: [
          p(
            'Die von uns erstellten Inhalte und Werke auf diesen Seiten unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung, Verbreitung und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen der vorherigen Zustimmung der jeweiligen Rechteinhaber. Downloads und Kopien dieser Seiten sind nur für den privaten, nicht kommerziellen Gebrauch gestattet.',
          ),
          p(
            'Soweit Inhalte auf diesen Seiten nicht von uns erstellt wurden, beachten wir die Urheberrechte Dritter und kennzeichnen Inhalte Dritter als solche, beispielsweise durch den Bildnachweis für das Hintergrundbild in der Fußzeile. Grafiken und andere Inhalte aus dem Spiel „Grand Theft Auto: San Andreas“ sind Eigentum der jeweiligen Rechteinhaber. Die Rechte an Beiträgen von Nutzerinnen und Nutzern verbleiben bei den jeweiligen Verfasserinnen und Verfassern.',
          ),
          p(
            `Sollten Sie dennoch auf eine Urheberrechtsverletzung aufmerksam werden, bitten wir um einen Hinweis an ${email}. Sobald uns Rechtsverletzungen bekannt werden, entfernen wir derartige Inhalte umgehend.`,
          ),
        ],
      },
      {
        id: 'datenschutz',
        heading: 'Datenschutz',
        blocks: [
          p(
            'Die öffentlichen Seiten dieser Website können Sie ohne Registrierung nutzen. Für das Control Panel ist eine Anmeldung mit Ihrem Benutzerkonto erforderlich.',
          ),
          p(
            'Welche personenbezogenen Daten wir verarbeiten, zu welchen Zwecken dies geschieht und welche Rechte Ihnen zustehen, erläutert unsere Datenschutzerklärung. Sie ist zusammen mit den Nutzungsbedingungen auf der Seite „Nutzungsbedingungen“ abrufbar.',
          ),
        ],
      },
      {
        id: 'webanalyse',
        heading: 'Hinweis zu Webanalyse',
        blocks: [
          p(
            'Diese Website setzt keine Webanalyse- oder Trackingdienste (wie etwa Google Analytics oder Matomo) ein und blendet keine Werbung ein. Wir erstellen keine Nutzungsprofile und verfolgen Ihr Verhalten nicht über verschiedene Websites hinweg.',
          ),
          p(
            'Es werden ausschließlich technisch notwendige Cookies und Speichereinträge verwendet. Beim Aufruf der Seiten entstehen lediglich die technisch erforderlichen Server-Logfiles, die wir weder zur Reichweitenmessung noch zu Marketingzwecken auswerten. Einzelheiten finden Sie in der Datenschutzerklärung.',
          ),
        ],
      },
      {
        id: 'social-plugins',
        heading: 'Hinweis zu Social Plugins',
        blocks: [
          p(
            'Auf dieser Website sind keine Social Plugins (etwa „Gefällt mir“- oder „Teilen“-Schaltflächen sozialer Netzwerke) eingebunden. Beim Aufruf unserer Seiten werden daher keine Daten an soziale Netzwerke übertragen.',
          ),
          p(
            'Verweise auf unseren Discord-Server, auf Teamspeak und auf das Forum sind einfache Links. Erst wenn Sie einen solchen Link anklicken, ruft Ihr Browser die Zielseite auf; für Angebote Dritter wie Discord gelten dann die Datenschutzbestimmungen des jeweiligen Anbieters.',
          ),
        ],
      },
      {
        id: 'fanprojekt',
        heading: 'Nicht-kommerzielles Fanprojekt',
        blocks: [
          p(
            '„Nova Legacy“ ist ein nicht-kommerzielles Fanprojekt. Es steht in keiner Verbindung zu Rockstar Games, Take-Two Interactive Software, Inc. oder deren verbundenen Unternehmen und wird von diesen weder unterstützt noch gesponsert oder anderweitig gebilligt.',
          ),
          p(
            '„Rockstar Games“ und „Grand Theft Auto“ sind Marken oder eingetragene Marken von Take-Two Interactive Software, Inc. Alle weiteren genannten Marken gehören ihren jeweiligen Inhabern.',
          ),
        ],
      },
      {
        id: 'bildnachweis',
        heading: 'Bildnachweis',
        blocks: [
          p(
            'Das Hintergrundbild der Startseite, das Logo und die Symbolgrafiken dieser Website wurden eigens für Nova Legacy erstellt. Eine Verwendung außerhalb dieses Projekts bedarf der Zustimmung des Betreibers.',
          ),
        ],
      },
    ],
  };
}
