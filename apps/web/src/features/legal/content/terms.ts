import type { Operator, PublicConfig } from '@nova/contracts';
import { LEGAL_UPDATED, address, addressInline, addressLines, contactLines, list, p } from './shared';
import type { LegalDocument } from './types';

/*
 * The terms of use and the privacy policy are shown together on the terms-of-use page, so the
 * section ids of both documents are kept distinct from each other as well.
 */

/** The terms of use ("Nutzungsbedingungen") for forum, homepage and game server. */
// Long on purpose: one legal document's text, read and reviewed as a whole.
export function termsOfUse(operator: Operator): LegalDocument {
  const { email, city } = operator;

  return {
    title: 'Nutzungsbedingungen',
    intro:
      'Diese Nutzungsbedingungen regeln die Nutzung des Forums, der Homepage einschließlich des Control Panels und des Spielservers des Projekts „Nova Legacy“. Bitte lesen Sie sie sorgfältig. Wie wir personenbezogene Daten verarbeiten, erläutert die Datenschutzerklärung, die ebenfalls auf dieser Seite veröffentlicht ist.',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'geltungsbereich',
        heading: 'Geltungsbereich und Betreiber',
        blocks: [
          p(
            `Betreiber des Projekts „Nova Legacy“ ist ${addressInline(operator)} (nachfolgend „Betreiber“). Sie erreichen den Betreiber per E-Mail an ${email}.`,
          ),
          p(
            'Diese Nutzungsbedingungen gelten für alle Angebote des Projekts: das Forum, die Homepage einschließlich des Control Panels und den Spielserver (nachfolgend gemeinsam „Angebote“). Mit der Registrierung erkennen Sie diese Nutzungsbedingungen an.',
          ),
          p(
            'Soweit der Betreiber für einzelne Bereiche ergänzende Regeln veröffentlicht, etwa Regelwerke für das Rollenspiel auf dem Spielserver oder für das Forum, gelten diese zusätzlich. Bei Widersprüchen gehen diese Nutzungsbedingungen vor.',
          ),
        ],
      },
      {
        id: 'angebot',
        heading: 'Angebot und Unentgeltlichkeit',
        blocks: [
          p(
            '„Nova Legacy“ ist ein nicht-kommerzielles Fanprojekt, das einen deutschsprachigen Rollenspiel-Server („Reallife“) für eine Multiplayer-Modifikation des Spiels „Grand Theft Auto: San Andreas“ betreibt. Das Projekt steht in keiner Verbindung zu Rockstar Games oder Take-Two Interactive.',
          ),
          p(
            'Die Nutzung der Angebote ist kostenlos. Für das Spielen auf dem Spielserver benötigen Sie eine eigene, rechtmäßig erworbene Ausgabe von „Grand Theft Auto: San Andreas“ sowie den jeweils erforderlichen Multiplayer-Client.',
          ),
          p(
            'Spielbezogene Angaben wie Ihr Spielername und Ranglistenwerte (etwa Anzahl der Verbrechen, Prestigelevel, Loginstreak und Spielzeit) können in der öffentlich abrufbaren Toplist angezeigt werden. Einzelheiten dazu enthält die Datenschutzerklärung.',
          ),
        ],
      },
      {
        id: 'benutzerkonto',
        heading: 'Benutzerkonto',
        blocks: [
          p(
            'Für Forum, Homepage und Spielserver verwenden Sie ein einziges, zentrales Benutzerkonto. Jede Person darf nur ein Benutzerkonto besitzen; Zweit- und Mehrfachkonten sind nicht gestattet.',
          ),
          p(
            'Die Registrierung ist erst ab einem Alter von 16 Jahren zulässig. Mit der Registrierung bestätigen Sie, dass Sie mindestens 16 Jahre alt sind.',
          ),
          p(
            'Ihre Angaben bei der Registrierung müssen wahrheitsgemäß sein; insbesondere muss die angegebene E-Mail-Adresse Ihnen gehören und erreichbar sein. Halten Sie Ihr Passwort geheim und schützen Sie Ihr Konto vor dem Zugriff Dritter. Das Konto ist persönlich: Es darf nicht weitergegeben, verkauft, getauscht oder von anderen Personen mitbenutzt werden. Besteht der Verdacht, dass Dritte Zugriff auf Ihr Konto erlangt haben, ändern Sie bitte umgehend Ihr Passwort und informieren Sie den Betreiber.',
          ),
          p(
            'Der Benutzername darf nicht beleidigend, diskriminierend oder obszön sein. Er darf außerdem keine Rechte Dritter verletzen, nicht den Eindruck erwecken, es handle sich um ein Teammitglied oder den Betreiber, und keine Werbung enthalten. Der Betreiber kann einen Benutzernamen, der diesen Anforderungen nicht entspricht, ändern; Sie werden darüber informiert.',
          ),
        ],
      },
      {
        id: 'verhaltensregeln',
        heading: 'Verhaltensregeln',
        blocks: [
          p(
            '„Nova Legacy“ lebt von einer Community, in der gemeinsames Rollenspiel Freude macht. Alle Nutzerinnen und Nutzer verpflichten sich daher zu den folgenden Regeln.',
          ),
        ],
        subsections: [
          {
            id: 'umgang-miteinander',
            heading: 'Umgang miteinander',
            blocks: [
              list(
                'Begegnen Sie anderen Nutzerinnen und Nutzern sowie dem Team respektvoll und fair. Beleidigungen, Belästigung, Bedrohungen, Diskriminierung und Hetze sind untersagt – auch außerhalb des Rollenspiels, etwa im Forum, auf Discord oder im Teamspeak.',
                'Konflikte innerhalb des Rollenspiels dürfen nicht als persönliche Angriffe in die reale Welt getragen werden.',
                'Untersagt sind rechtswidrige, pornografische, gewaltverherrlichende, extremistische oder verfassungsfeindliche Inhalte, ebenso Spam und Werbung für fremde Angebote ohne Zustimmung des Betreibers.',
                'Die Veröffentlichung personenbezogener Daten anderer Personen ohne deren Einwilligung ist untersagt.',
                'Es ist untersagt, sich als Teammitglied oder als eine andere Person auszugeben.',
                'Den Anweisungen des Teams, die der Durchsetzung dieser Nutzungsbedingungen und der ergänzenden Regelwerke dienen, ist Folge zu leisten.',
              ),
            ],
          },
          {
            id: 'fair-play',
            heading: 'Fair Play im Spiel',
            blocks: [
              list(
                'Cheats, Hacks, Bots, Makros und Modifikationen, die einen spielerischen Vorteil verschaffen, sind untersagt.',
                'Der Betreiber kann die Nutzung des projekteigenen Anti-Cheat-Clients zur Voraussetzung für das Spielen auf dem Spielserver machen. Der Anti-Cheat-Client darf nicht umgangen, deaktiviert oder manipuliert werden.',
                'Das bewusste Ausnutzen von Fehlern („Bugs“) des Spiels, des Servers oder der Homepage ist untersagt. Entdeckte Fehler melden Sie bitte dem Team.',
                'Der Handel mit Spielgeld, virtuellen Gegenständen, Charakteren oder Konten gegen echtes Geld oder andere reale Gegenleistungen ist untersagt, sofern der Betreiber ihn nicht ausdrücklich gestattet hat.',
                'Angriffe auf die technische Infrastruktur der Angebote, etwa Überlastungsangriffe oder Versuche, sich unbefugt Zugang zu verschaffen, sind untersagt.',
              ),
            ],
          },
        ],
      },
      {
        id: 'nutzerinhalte',
        heading: 'Von Nutzerinnen und Nutzern eingestellte Inhalte',
        blocks: [
          p(
            'Für Inhalte, die Sie etwa im Forum oder im Spiel veröffentlichen, sind Sie selbst verantwortlich. Sie dürfen nur Inhalte einstellen, an denen Sie die erforderlichen Rechte besitzen und die nicht gegen geltendes Recht oder diese Nutzungsbedingungen verstoßen.',
          ),
          p(
            'Mit dem Einstellen räumen Sie dem Betreiber das einfache, unentgeltliche Recht ein, die Inhalte im Rahmen der Angebote zu speichern, anzuzeigen und öffentlich zugänglich zu machen. Ihr Urheberrecht bleibt davon unberührt.',
          ),
          p(
            `Der Betreiber kann Inhalte, die gegen geltendes Recht oder diese Nutzungsbedingungen verstoßen, entfernen oder sperren. Hinweise auf solche Inhalte können Sie an ${email} richten.`,
          ),
        ],
      },
      {
        id: 'sanktionen',
        heading: 'Sanktionen',
        blocks: [
          p(
            'Bei Verstößen gegen diese Nutzungsbedingungen oder gegen ergänzende Regelwerke kann der Betreiber insbesondere folgende Maßnahmen ergreifen:',
          ),
          list(
            'eine Verwarnung aussprechen,',
            'Inhalte entfernen oder sperren,',
            'Sanktionen im Spiel verhängen, etwa den Entzug oder das Zurücksetzen von Spielgeld, virtuellen Gegenständen oder Spielfortschritt, der durch den Verstoß erlangt wurde,',
            'das Benutzerkonto zeitweise oder dauerhaft für einzelne oder alle Angebote sperren,',
            'das Benutzerkonto löschen.',
          ),
          p(
            'Bei der Auswahl der Maßnahme berücksichtigt der Betreiber insbesondere die Schwere des Verstoßes, ob es sich um einen wiederholten Verstoß handelt, und die berechtigten Interessen der Betroffenen. Bei schwerwiegenden Verstößen ist eine Sperre oder Löschung auch ohne vorherige Verwarnung möglich. Der Betreiber teilt den Betroffenen die Maßnahme und ihre wesentlichen Gründe mit, soweit dies möglich ist.',
          ),
          p(
            `Eine Sperre darf nicht umgangen werden, insbesondere nicht durch die Nutzung eines anderen oder neuen Kontos. Wer eine Maßnahme für unberechtigt hält, kann sich an das Team oder per E-Mail an ${email} wenden.`,
          ),
        ],
      },
      {
        id: 'virtuelle-gegenstaende',
        heading: 'Spielinhalte und virtuelle Gegenstände',
        blocks: [
          p(
            'Spielgeld, Guthaben auf Bankkonten im Spiel, Fahrzeuge, Gegenstände im Inventar, Lizenzen, Gutscheine, Skins, Fähigkeiten, Erfolge und sonstige Spielstände sind Bestandteil des Spiels. Sie haben keinen realen Geldwert und können nicht in Geld oder andere reale Werte umgetauscht werden. Ein Eigentum oder ein sonstiges übertragbares Recht an ihnen entsteht nicht.',
          ),
          p(
            'Es besteht kein Anspruch darauf, dass bestimmte Spielinhalte oder Funktionen verfügbar bleiben oder unverändert fortbestehen. Der Betreiber kann Spielinhalte im Rahmen der Weiterentwicklung des Projekts ändern, anpassen oder zurücksetzen, etwa um Fehler zu beheben oder die Spielbalance zu verbessern.',
          ),
        ],
      },
      {
        id: 'verfuegbarkeit',
        heading: 'Verfügbarkeit',
        blocks: [
          p(
            'Der Betreiber bemüht sich um einen möglichst störungsfreien Betrieb. Ein Anspruch auf eine ständige oder ununterbrochene Verfügbarkeit der Angebote besteht jedoch nicht. Insbesondere Wartungsarbeiten, Weiterentwicklungen und technische Störungen können zu Einschränkungen oder Unterbrechungen führen.',
          ),
          p(
            'Der Betreiber kann die Angebote ganz oder teilweise einstellen. Er wird dies nach Möglichkeit rechtzeitig vorher ankündigen.',
          ),
        ],
      },
      {
        id: 'haftung',
        heading: 'Haftung',
        blocks: [
          p(
            'Der Betreiber haftet unbeschränkt für Schäden, die er vorsätzlich oder grob fahrlässig verursacht, für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit sowie nach zwingenden gesetzlichen Vorschriften wie dem Produkthaftungsgesetz.',
          ),
          p(
            'Da die Angebote unentgeltlich bereitgestellt werden, ist die Haftung des Betreibers im Übrigen ausgeschlossen, soweit dies gesetzlich zulässig ist. Dies gilt insbesondere für den Verlust von Spielständen oder virtuellen Gegenständen.',
          ),
        ],
      },
      {
        id: 'kontoloeschung',
        heading: 'Beendigung der Nutzung und Löschung des Kontos',
        blocks: [
          p(
            `Sie können die Nutzung der Angebote jederzeit beenden und die Löschung Ihres Benutzerkontos verlangen. Senden Sie dazu eine Nachricht an ${email}, möglichst von der E-Mail-Adresse, die bei Ihrem Konto hinterlegt ist. Um missbräuchliche Löschanträge zu verhindern, kann der Betreiber einen Nachweis verlangen, dass der Antrag von der Inhaberin oder dem Inhaber des Kontos stammt.`,
          ),
          p(
            'Da Forum, Homepage und Spielserver dasselbe zentrale Benutzerkonto nutzen, betrifft die Löschung alle drei Angebote. Spielstände und virtuelle Gegenstände gehen dabei unwiderruflich verloren. Personenbezogene Daten werden nach Maßgabe der Datenschutzerklärung gelöscht.',
          ),
          p(
            'Das Recht des Betreibers, ein Konto nach dem Abschnitt „Sanktionen“ zu sperren oder zu löschen, bleibt unberührt.',
          ),
        ],
      },
      {
        id: 'datenschutz-hinweis',
        heading: 'Datenschutz',
        blocks: [
          p(
            'Informationen über die Verarbeitung Ihrer personenbezogenen Daten und über Ihre Rechte finden Sie in der Datenschutzerklärung, die ebenfalls auf dieser Seite veröffentlicht ist.',
          ),
        ],
      },
      {
        id: 'aenderungen-nutzungsbedingungen',
        heading: 'Änderungen dieser Nutzungsbedingungen',
        blocks: [
          p(
            'Der Betreiber kann diese Nutzungsbedingungen mit Wirkung für die Zukunft ändern, wenn dies aus rechtlichen, technischen oder organisatorischen Gründen erforderlich ist, etwa bei einer Änderung der Rechtslage oder bei neuen Funktionen der Angebote.',
          ),
          p(
            'Über wesentliche Änderungen informiert der Betreiber rechtzeitig vor ihrem Inkrafttreten in geeigneter Form, etwa im Forum oder auf der Homepage. Wer mit den geänderten Bedingungen nicht einverstanden ist, kann die Nutzung beenden und die Löschung des Kontos verlangen. Für die Nutzung der Angebote gilt jeweils die aktuelle, auf dieser Seite veröffentlichte Fassung.',
          ),
        ],
      },
      {
        id: 'recht-und-gerichtsstand',
        heading: 'Anwendbares Recht und Gerichtsstand',
        blocks: [
          p(
            'Es gilt das Recht der Bundesrepublik Deutschland. Gegenüber Verbraucherinnen und Verbrauchern gilt diese Rechtswahl nur, soweit ihnen dadurch nicht der Schutz entzogen wird, den ihnen die zwingenden Bestimmungen des Rechts des Staates gewähren, in dem sie ihren gewöhnlichen Aufenthalt haben.',
          ),
          p(
            `Gerichtsstand ist, soweit dies gesetzlich zulässig vereinbart werden kann, der Sitz des Betreibers in ${city}. Dies betrifft insbesondere Kaufleute, juristische Personen des öffentlichen Rechts, öffentlich-rechtliche Sondervermögen sowie Personen ohne allgemeinen Gerichtsstand in Deutschland.`,
          ),
        ],
      },
      {
        id: 'salvatorische-klausel',
        heading: 'Salvatorische Klausel',
        blocks: [
          p(
            'Sollten einzelne Bestimmungen dieser Nutzungsbedingungen ganz oder teilweise unwirksam oder undurchführbar sein oder werden, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt. An die Stelle der unwirksamen oder undurchführbaren Bestimmung treten die gesetzlichen Vorschriften.',
          ),
        ],
      },
    ],
  };
}

/** The privacy policy ("Datenschutzerklärung") under the GDPR (DSGVO) and the TDDDG. */
// Long on purpose: one legal document's text, read and reviewed as a whole.
export function privacyPolicy(operator: Operator, retention: PublicConfig['retention']): LegalDocument {
  const { email } = operator;
  // The retention the BFF enforces, as it serves it (decision 102): the text cannot drift from it.
  const number = (value: number) => value.toLocaleString('de-DE');
  const session = `nach ${number(retention.sessionIdleMinutes)} Minuten ohne Aktivität, spätestens jedoch ${number(retention.sessionAbsoluteHours)} Stunden nach der Anmeldung`;

  return {
    title: 'Datenschutzerklärung',
    intro:
      'Mit dieser Datenschutzerklärung informieren wir Sie nach Art. 13 und 14 der Datenschutz-Grundverordnung (DSGVO) darüber, welche personenbezogenen Daten wir verarbeiten, wenn Sie diese Website (Homepage einschließlich Control Panel) und das zentrale Benutzerkonto nutzen, mit dem Sie auch das Forum und den Spielserver von „Nova Legacy“ verwenden, zu welchen Zwecken und auf welcher Rechtsgrundlage dies geschieht und welche Rechte Sie haben. Diese Website verwendet keine Analyse- oder Trackingdienste, zeigt keine Werbung an und setzt ausschließlich technisch notwendige Cookies ein.',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'verantwortlicher',
        heading: 'Verantwortlicher',
        blocks: [
          p('Verantwortlich für die Datenverarbeitung im Sinne der DSGVO ist:'),
          address(addressLines(operator)),
          address(contactLines(operator)),
          p(
            `Bei Fragen zum Datenschutz und zur Ausübung Ihrer Rechte wenden Sie sich bitte per E-Mail an ${email}.`,
          ),
        ],
      },
      {
        id: 'server-logfiles',
        heading: 'Server-Logfiles',
        blocks: [
          p(
            'Bei jedem Aufruf dieser Website erfasst unser Webserver automatisch Informationen, die Ihr Browser übermittelt, und speichert sie in sogenannten Server-Logfiles. Dies sind:',
          ),
          list(
            'die IP-Adresse des anfragenden Geräts,',
            'Datum und Uhrzeit des Zugriffs,',
            'die aufgerufene Seite oder Datei (URL) und die Art der Anfrage,',
            'der Statuscode der Antwort und die übertragene Datenmenge,',
            'die zuvor besuchte Seite (Referrer), sofern Ihr Browser sie übermittelt,',
            'Browsertyp und -version sowie das Betriebssystem (User-Agent).',
          ),
          p(
            'Wir verarbeiten diese Daten, um die Website auszuliefern, ihren stabilen und sicheren Betrieb zu gewährleisten, Fehler zu beheben sowie Angriffe und Missbrauch zu erkennen und abzuwehren. Eine Auswertung zu Marketingzwecken oder zur Erstellung von Nutzungsprofilen findet nicht statt.',
          ),
          p(
            'Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO. Unser berechtigtes Interesse liegt in der technisch fehlerfreien und sicheren Bereitstellung der Website. Die Logdaten werden gelöscht, sobald sie für diese Zwecke nicht mehr erforderlich sind. Daten, die zur Aufklärung eines konkreten Sicherheitsvorfalls benötigt werden, bewahren wir bis zu dessen abschließender Klärung auf.',
          ),
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies und lokale Speicherung im Browser',
        blocks: [
          p(
            'Cookies sind kleine Textdateien, die eine Website über Ihren Browser auf Ihrem Endgerät speichert. Ähnlich funktioniert der lokale Speicher Ihres Browsers (Local Storage), in dem eine Website Einstellungen ablegen kann.',
          ),
          p(
            'Diese Website verwendet ausschließlich technisch notwendige Cookies und Speichereinträge. Cookies zu Analyse-, Tracking- oder Werbezwecken setzen wir nicht ein, und wir binden keine Dienste Dritter ein, die solche Cookies setzen.',
          ),
        ],
        subsections: [
          {
            id: 'sitzungs-cookie',
            heading: 'Sitzungs-Cookie für die Anmeldung',
            blocks: [
              p(
                'Wenn Sie sich anmelden, setzen wir ein Sitzungs-Cookie, an dem unser Server Ihre Anmeldung bei den folgenden Seitenaufrufen wiedererkennt. Das Cookie ist als „HttpOnly“ gekennzeichnet und kann daher nicht von Skripten auf der Website ausgelesen werden.',
              ),
              p(
                `Die Sitzung endet, wenn Sie sich abmelden, ${session}. Danach ist eine erneute Anmeldung erforderlich.`,
              ),
              p(
                'Während des Anmeldevorgangs setzen außerdem die Website und unser Identitätsanbieter (siehe „Registrierung und zentrales Benutzerkonto“) technisch notwendige Cookies. Sie sichern den Anmeldevorgang gegen Manipulation ab und ermöglichen die gemeinsame Anmeldung für Forum, Homepage und Spielserver (Single Sign-on).',
              ),
            ],
          },
          {
            id: 'lokaler-speicher',
            heading: 'Lokale Speicherung von Einstellungen',
            blocks: [
              p(
                'Im lokalen Speicher Ihres Browsers legen wir zwei Einstellungen ab: ob Sie den Cookie-Hinweis mit „Verstanden“ bestätigt haben und ob Sie die helle oder die dunkle Darstellung gewählt haben.',
              ),
              p(
                'Die Bestätigung des Cookie-Hinweises wird 30 Tage lang berücksichtigt; danach wird der Hinweis erneut angezeigt. Die gewählte Darstellung bleibt gespeichert, bis Sie sie ändern oder die Websitedaten in Ihrem Browser löschen. Diese Einträge verbleiben auf Ihrem Gerät und werden nicht an unseren Server übertragen.',
              ),
            ],
          },
          {
            id: 'cookies-rechtsgrundlage',
            heading: 'Rechtsgrundlage und Ihre Einstellungsmöglichkeiten',
            blocks: [
              p(
                'Das Speichern dieser Informationen auf Ihrem Endgerät und der Zugriff darauf sind nach § 25 Abs. 2 Nr. 2 TDDDG ohne Einwilligung zulässig, weil sie unbedingt erforderlich sind, um die von Ihnen ausdrücklich gewünschten Funktionen bereitzustellen. Der Cookie-Hinweis dient Ihrer Information; eine Einwilligung ist hierfür nicht erforderlich.',
              ),
              p(
                'Soweit dabei personenbezogene Daten verarbeitet werden, ist Rechtsgrundlage für die Anmeldung Art. 6 Abs. 1 lit. b DSGVO und im Übrigen Art. 6 Abs. 1 lit. f DSGVO. Unser berechtigtes Interesse liegt in einer funktionsfähigen und nutzerfreundlichen Website.',
              ),
              p(
                'Sie können Cookies und gespeicherte Websitedaten in den Einstellungen Ihres Browsers jederzeit löschen oder ihre Speicherung blockieren. Ohne das Sitzungs-Cookie ist eine Anmeldung jedoch nicht möglich.',
              ),
            ],
          },
        ],
      },
      {
        id: 'kontaktaufnahme',
        heading: 'Kontaktformular und Kontakt per E-Mail',
        blocks: [
          p(
            `Wenn Sie uns per E-Mail an ${email} oder über ein auf unseren Seiten angebotenes Kontaktformular kontaktieren, verarbeiten wir Ihre Angaben – insbesondere Ihre E-Mail-Adresse, Ihren Namen, sofern Sie ihn angeben, und den Inhalt Ihrer Nachricht – sowie den Zeitpunkt der Anfrage, um Ihr Anliegen zu bearbeiten und mögliche Anschlussfragen zu beantworten.`,
          ),
          p(
            'Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, soweit Ihre Anfrage mit Ihrem Benutzerkonto oder der Nutzung unserer Angebote zusammenhängt. In allen übrigen Fällen beruht die Verarbeitung auf unserem berechtigten Interesse an der Beantwortung der an uns gerichteten Anfragen (Art. 6 Abs. 1 lit. f DSGVO).',
          ),
          p(
            'Wir löschen Ihre Anfrage, sobald sie abschließend bearbeitet ist und keine gesetzlichen Aufbewahrungspflichten entgegenstehen. Ohne Ihre Einwilligung geben wir diese Daten nicht weiter.',
          ),
        ],
      },
      {
        id: 'registrierung',
        heading: 'Registrierung und zentrales Benutzerkonto',
        blocks: [
          p(
            'Für Forum, Homepage und Spielserver verwenden Sie ein einziges, zentrales Benutzerkonto. Es wird von einem Identitätsanbieter verwaltet, den wir auf Basis der Open-Source-Software Keycloak selbst betreiben. Registrierung und Anmeldung finden auf den Seiten dieses Identitätsanbieters statt; an die Entwickler der Software werden dabei keine Daten übermittelt.',
          ),
          p('Bei der Registrierung verarbeiten wir insbesondere:'),
          list(
            'Ihren Benutzernamen,',
            'Ihre E-Mail-Adresse,',
            'Ihr Passwort, das ausschließlich als nicht umkehrbarer Hashwert gespeichert wird,',
            'weitere Angaben, die im Registrierungsformular abgefragt werden, sowie einen Anzeigenamen, sofern Sie einen festlegen,',
            'den Zeitpunkt der Registrierung.',
          ),
          p(
            'Die im Registrierungsformular als Pflichtangaben gekennzeichneten Angaben sind für die Einrichtung des Kontos erforderlich; ohne sie können wir kein Konto anlegen.',
          ),
          p(
            'Wenn Sie sich anmelden, prüft der Identitätsanbieter Ihre Zugangsdaten und verarbeitet dabei technische Verbindungsdaten wie Ihre IP-Adresse und den Zeitpunkt der Anmeldung, um die Anmeldung durchzuführen und abzusichern. Anschließend übermittelt er an die Homepage die für die Anmeldung erforderlichen Angaben, insbesondere Ihre Konto-ID, Ihren Benutzernamen und Ihre Berechtigungen (Rollen). Ihr Passwort können Sie jederzeit über die Accounteinstellungen im Control Panel ändern.',
          ),
          p(
            'Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, denn die Verarbeitung ist erforderlich, um Ihnen das Benutzerkonto und die Nutzung unserer Angebote nach den Nutzungsbedingungen zu ermöglichen. Die Kontodaten speichern wir, solange Ihr Konto besteht.',
          ),
        ],
        subsections: [
          {
            id: 'spielserver-und-control-panel',
            heading: 'Spielserver, Control Panel und Toplist',
            blocks: [
              p(
                'Mit Ihrem Konto nutzen Sie auch den Spielserver. Dort verarbeiten wir die für den Spielbetrieb erforderlichen Daten, insbesondere Ihre IP-Adresse beim Verbindungsaufbau sowie Ihre Spielstände, etwa Charakterdaten, Fahrzeuge, Inventar, Lizenzen, Bankkonten im Spiel, Waffenskills, Skins, Fähigkeiten, Erfolge, Gutscheine und Spielzeit. Im Control Panel können Sie diese Daten einsehen. Spielbezogene Profildaten können im Control Panel auch für andere angemeldete Spielerinnen und Spieler sichtbar sein.',
              ),
              p(
                'In der öffentlich abrufbaren Toplist zeigen wir Spielernamen zusammen mit Ranglistenwerten an: Anzahl der Verbrechen, Prestigelevel, Loginstreak und Spielzeit.',
              ),
              p(
                'Um die Regeln durchzusetzen und Manipulationen zu verhindern, verarbeiten wir außerdem Angaben zu Regelverstößen und zu verhängten Sanktionen sowie – soweit der Anti-Cheat-Client eingesetzt wird – die Daten, die dieser zur Erkennung unzulässiger Programme und Manipulationen erfasst.',
              ),
              p(
                'Rechtsgrundlage für den Spielbetrieb und das Control Panel ist Art. 6 Abs. 1 lit. b DSGVO. Die Toplist sowie die Durchsetzung der Regeln beruhen auf Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt in einem fairen, sicheren und für die Community attraktiven Spielbetrieb. Gegen die Verarbeitung auf dieser Grundlage können Sie nach Art. 21 DSGVO Widerspruch einlegen.',
              ),
            ],
          },
        ],
      },
      {
        id: 'newsletter',
        heading: 'Newsletter',
        blocks: [
          p(
            'Einen Newsletter versenden wir nur an Personen, die ihn ausdrücklich bestellt haben. Mit der Registrierung allein melden Sie sich nicht für einen Newsletter an.',
          ),
          p(
            'Bieten wir einen Newsletter an, verarbeiten wir für den Versand Ihre E-Mail-Adresse sowie die Zeitpunkte Ihrer Anmeldung und Bestätigung. Die Anmeldung erfolgt im sogenannten Double-Opt-in-Verfahren: Sie erhalten zunächst eine E-Mail, mit der Sie die Anmeldung bestätigen. So stellen wir sicher, dass niemand eine fremde E-Mail-Adresse anmelden kann.',
          ),
          p(
            `Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Sie können sie jederzeit mit Wirkung für die Zukunft widerrufen, etwa über den Abmeldelink in jedem Newsletter oder per E-Mail an ${email}. Nach der Abmeldung löschen wir Ihre Daten aus dem Verteiler.`,
          ),
          p(
            'Davon zu unterscheiden sind E-Mails, die für die Nutzung Ihres Kontos erforderlich sind, etwa zur Bestätigung Ihrer E-Mail-Adresse oder zum Zurücksetzen Ihres Passworts. Solche E-Mails versenden wir auf Grundlage von Art. 6 Abs. 1 lit. b DSGVO; sie enthalten keine Werbung.',
          ),
        ],
      },
      {
        id: 'discord',
        heading: 'Social-Login-Anbieter und Verknüpfung mit Discord',
        blocks: [
          p(
            'Eine Anmeldung oder Kontoverknüpfung über Konten externer Anbieter („Social Login“) bieten wir nur dort an, wo dies ausdrücklich gekennzeichnet ist. Derzeit betrifft dies die freiwillige Verknüpfung Ihres zentralen Benutzerkontos mit Ihrem Konto beim Chat-Dienst Discord, die Sie im Control Panel unter „Synchronisation“ vornehmen können. Die Anmeldung selbst erfolgt stets über Ihr zentrales Benutzerkonto.',
          ),
          p(
            'Bei der Verknüpfung werden Sie zu Discord weitergeleitet und melden sich dort an. Wir fordern dabei ausschließlich die Berechtigung „identify“ an. Discord übermittelt uns damit die Basisdaten Ihres Discord-Kontos, etwa Ihre Discord-Nutzer-ID, Ihren Benutzernamen und Ihr Profilbild. Wir speichern davon nur Ihre Discord-Nutzer-ID zusammen mit Ihrem Benutzerkonto. Zugriff auf Ihre bei Discord hinterlegte E-Mail-Adresse, Ihre Nachrichten, die Liste Ihrer Discord-Server oder Ihre Kontakte erhalten wir nicht.',
          ),
          p(
            'Die Discord-Nutzer-ID verwenden wir, um Ihnen auf unserem Discord-Server die zu Ihrem Benutzerkonto passenden Rollen zuzuweisen (Rollensynchronisation). Dazu übermitteln wir Ihre Discord-Nutzer-ID und die zuzuweisenden Rollen an Discord.',
          ),
          p(
            `Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO), die Sie mit der Verknüpfung erteilen. Sie können sie jederzeit mit Wirkung für die Zukunft widerrufen, etwa per E-Mail an ${email}. Wir heben die Verknüpfung dann auf, beenden die Rollensynchronisation und löschen die gespeicherte Discord-Nutzer-ID.`,
          ),
          p(
            'Für die Verarbeitung Ihrer Daten durch Discord selbst ist Discord verantwortlich. Discord verarbeitet Daten auch in den USA. Näheres finden Sie in der Datenschutzerklärung von Discord unter https://discord.com/privacy.',
          ),
        ],
      },
      {
        id: 'video-und-audio',
        heading: 'Eingebettete Video- und Audioinhalte',
        blocks: [
          p(
            'Video- oder Audioinhalte externer Plattformen (etwa YouTube, Twitch oder SoundCloud) binden wir nur dort ein, wo dies ausdrücklich gekennzeichnet ist. Derzeit ist auf der Homepage kein solcher Inhalt eingebunden.',
          ),
          p(
            'Binden wir einen solchen Inhalt ein, wird er erst geladen, nachdem Sie ihn durch einen Klick aktiviert haben. Erst dann stellt Ihr Browser eine Verbindung zu den Servern des jeweiligen Anbieters her. Dabei werden insbesondere Ihre IP-Adresse, Datum und Uhrzeit des Abrufs, die Adresse der aufrufenden Seite sowie Angaben zu Browser und Betriebssystem an den Anbieter übermittelt. Der Anbieter kann außerdem Cookies oder vergleichbare Technologien einsetzen und den Abruf Ihrem dortigen Konto zuordnen, wenn Sie bei ihm angemeldet sind. Manche Anbieter verarbeiten Daten auch außerhalb der Europäischen Union, etwa in den USA.',
          ),
          p(
            'Rechtsgrundlage ist Ihre Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO und § 25 Abs. 1 TDDDG, die Sie durch die Aktivierung erteilen und jederzeit mit Wirkung für die Zukunft widerrufen können. Für die Verarbeitung durch den Anbieter gilt dessen Datenschutzerklärung, auf die wir bei der Einbindung hinweisen.',
          ),
        ],
      },
      {
        id: 'kartendienste',
        heading: 'Kartendienste',
        blocks: [
          p(
            'Kartendienste externer Anbieter (etwa Google Maps oder OpenStreetMap) setzen wir nur dort ein, wo dies ausdrücklich gekennzeichnet ist. Derzeit ist auf der Homepage kein solcher Dienst eingebunden.',
          ),
          p(
            'Setzen wir einen Kartendienst ein, wird die Karte erst geladen, nachdem Sie sie durch einen Klick aktiviert haben. Dabei werden insbesondere Ihre IP-Adresse, Datum und Uhrzeit des Abrufs, die Adresse der aufrufenden Seite, Angaben zu Browser und Betriebssystem sowie Ihre Eingaben in der Karte, etwa Suchbegriffe oder der angezeigte Kartenausschnitt, an den Anbieter übermittelt. Der Anbieter kann Cookies oder vergleichbare Technologien einsetzen und Daten auch außerhalb der Europäischen Union verarbeiten.',
          ),
          p(
            'Rechtsgrundlage ist Ihre Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO und § 25 Abs. 1 TDDDG, die Sie jederzeit mit Wirkung für die Zukunft widerrufen können. Für die Verarbeitung durch den Anbieter gilt dessen Datenschutzerklärung, auf die wir bei der Einbindung hinweisen.',
          ),
        ],
      },
      {
        id: 'captcha',
        heading: 'Captcha-Dienste',
        blocks: [
          p(
            'Zum Schutz von Formularen vor automatisierten Zugriffen, etwa durch Spam-Bots, kann ein Captcha-Dienst eines externen Anbieters (etwa hCaptcha, Friendly Captcha oder Google reCAPTCHA) eingesetzt werden. Wir setzen einen solchen Dienst nur dort ein, wo dies beim jeweiligen Formular ausdrücklich gekennzeichnet ist. Derzeit ist auf der Homepage kein Captcha-Dienst eingebunden.',
          ),
          p(
            'Beim Einsatz eines Captcha-Dienstes werden insbesondere Ihre IP-Adresse, die Adresse der aufrufenden Seite, Angaben zu Browser, Betriebssystem und Endgerät (etwa Bildschirmauflösung und Spracheinstellungen) sowie Angaben zu Ihrer Interaktion mit dem Captcha (etwa die Bearbeitungsdauer oder Maus- und Toucheingaben) an den Anbieter übermittelt, damit dieser beurteilen kann, ob die Eingabe von einem Menschen stammt. Der Anbieter kann dabei Cookies oder vergleichbare Technologien einsetzen.',
          ),
          p(
            'Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im Schutz unserer Angebote vor Missbrauch und Spam. Soweit dabei Informationen auf Ihrem Endgerät gespeichert oder ausgelesen werden, die hierfür nicht unbedingt erforderlich sind, erfolgt dies nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO und § 25 Abs. 1 TDDDG), die Sie jederzeit mit Wirkung für die Zukunft widerrufen können.',
          ),
        ],
      },
      {
        id: 'zahlungsdienstleister',
        heading: 'Zahlungsdienstleister',
        blocks: [
          p(
            'Zahlungsdienstleister (etwa PayPal oder Stripe) setzen wir nur dort ein, wo dies ausdrücklich gekennzeichnet ist. Derzeit ist auf der Homepage kein Zahlungsdienstleister eingebunden, und über die Homepage können keine Zahlungen geleistet werden.',
          ),
          p(
            'Setzen wir einen Zahlungsdienstleister ein, werden die für die Abwicklung der Zahlung erforderlichen Daten an ihn übermittelt, insbesondere Name, E-Mail-Adresse, Zahlungsbetrag und Verwendungszweck sowie technische Daten wie Ihre IP-Adresse. Zahlungsdaten wie Konto- oder Kartendaten geben Sie direkt beim Zahlungsdienstleister ein; wir erhalten von ihm in der Regel nur eine Bestätigung der Zahlung und die zugehörigen Transaktionsangaben.',
          ),
          p(
            'Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, soweit die Verarbeitung zur Abwicklung der Zahlung erforderlich ist, und Art. 6 Abs. 1 lit. c DSGVO, soweit gesetzliche Aufbewahrungspflichten bestehen. Für die Verarbeitung durch den Zahlungsdienstleister, etwa zur Betrugsprävention, gilt dessen Datenschutzerklärung.',
          ),
        ],
      },
      {
        id: 'teamspeak',
        heading: 'Verknüpfung mit Teamspeak',
        blocks: [
          p(
            'Sie können Ihr zentrales Benutzerkonto im Control Panel unter „Synchronisation“ freiwillig mit Ihrer Teamspeak-Identität verknüpfen. Dabei speichern wir die eindeutige Kennung Ihrer Teamspeak-Identität (Unique ID) zusammen mit Ihrem Benutzerkonto. Wir verwenden sie, um Ihnen auf dem Teamspeak-Server der Community die zu Ihrem Benutzerkonto passenden Servergruppen zuzuweisen.',
          ),
          p(
            'Wenn Sie sich mit dem Teamspeak-Server verbinden, verarbeitet dieser außerdem die für die Sprachverbindung erforderlichen Daten, etwa Ihre IP-Adresse und den von Ihnen gewählten Anzeigenamen.',
          ),
          p(
            `Rechtsgrundlage für die Verknüpfung ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO), die Sie jederzeit mit Wirkung für die Zukunft widerrufen können, etwa per E-Mail an ${email}. Wir heben die Verknüpfung dann auf und löschen die gespeicherte Teamspeak-Kennung.`,
          ),
        ],
      },
      {
        id: 'rechtsgrundlagen',
        heading: 'Rechtsgrundlagen der Verarbeitung',
        blocks: [
          p(
            'Wir verarbeiten personenbezogene Daten nur, wenn eine der folgenden Rechtsgrundlagen der DSGVO dies erlaubt. Welche davon im Einzelfall gilt, ist in den jeweiligen Abschnitten angegeben.',
          ),
          list(
            'Art. 6 Abs. 1 lit. a DSGVO: Sie haben in die Verarbeitung für einen oder mehrere bestimmte Zwecke eingewilligt, etwa bei der Verknüpfung mit Discord oder Teamspeak.',
            'Art. 6 Abs. 1 lit. b DSGVO: Die Verarbeitung ist für die Erfüllung eines Vertrags mit Ihnen oder für vorvertragliche Maßnahmen erforderlich, etwa für die Registrierung, das zentrale Benutzerkonto und die Nutzung von Homepage, Forum und Spielserver nach den Nutzungsbedingungen.',
            'Art. 6 Abs. 1 lit. c DSGVO: Die Verarbeitung ist zur Erfüllung einer rechtlichen Verpflichtung erforderlich, etwa bei gesetzlichen Aufbewahrungspflichten oder bei Auskunftsersuchen von Behörden.',
            'Art. 6 Abs. 1 lit. f DSGVO: Die Verarbeitung ist zur Wahrung unserer berechtigten Interessen oder der Interessen Dritter erforderlich, sofern nicht Ihre Interessen oder Grundrechte und Grundfreiheiten überwiegen, etwa beim sicheren Betrieb der Website oder bei der Durchsetzung der Regeln.',
          ),
          p(
            'Für das Speichern von Informationen auf Ihrem Endgerät und den Zugriff darauf gilt zusätzlich § 25 TDDDG: Es ist nur mit Ihrer Einwilligung zulässig (§ 25 Abs. 1 TDDDG), es sei denn, es ist unbedingt erforderlich, um einen von Ihnen ausdrücklich gewünschten Dienst bereitzustellen (§ 25 Abs. 2 Nr. 2 TDDDG).',
          ),
        ],
      },
      {
        id: 'protokoll-und-meine-daten',
        heading: 'Protokoll, Datenexport und Datenschutzanfragen',
        blocks: [
          p(
            'Protokoll (Audit-Log): Anmeldungen, Abmeldungen, beendete Sitzungen, Kontoverknüpfungen sowie alle Änderungen durch Teammitglieder halten wir mit Zeitpunkt, Benutzername, Benutzer-ID und gekürzter IP-Adresse fest. Zweck ist die Nachvollziehbarkeit der Verwaltung und die Sicherheit der Konten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im Schutz vor Missbrauch und im Nachweis, wer was geändert hat.',
          ),
          p(
            `Speicherdauer des Protokolls: ${number(retention.auditDays)} Tage; danach werden die Einträge automatisch gelöscht.`,
          ),
          p(
            'Datenexport: Unter Accounteinstellungen, „Meine Daten“ können Sie alle Daten, die diese Website über Sie lesen kann, als ZIP-Datei herunterladen (Art. 15 und 20 DSGVO). Rechtsgrundlage ist Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit Art. 15 und 20 DSGVO.',
          ),
          p(
            `Speicherdauer eines Datenexports: ${number(retention.exportHours)} Stunden nach seiner Fertigstellung; nur Sie selbst können ihn herunterladen.`,
          ),
          p(
            'Datenschutzanfragen: Anträge auf Löschung oder Einschränkung speichern wir mit Ihrer Benutzer-ID, Ihrem Benutzernamen, Ihrer Begründung und dem Bearbeitungsstand, um sie innerhalb eines Monats zu beantworten und die Bearbeitung nachweisen zu können. Rechtsgrundlage ist Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit Art. 12 und Art. 5 Abs. 2 DSGVO.',
          ),
          p(
            `Speicherdauer einer Datenschutzanfrage: ${number(retention.privacyRequestDays)} Tage nach ihrem Abschluss.`,
          ),
        ],
      },
      {
        id: 'speicherdauer',
        heading: 'Speicherdauer',
        blocks: [
          p(
            'Wir speichern personenbezogene Daten nur so lange, wie es für den jeweiligen Zweck erforderlich ist, und löschen sie anschließend, sofern keine gesetzlichen Aufbewahrungspflichten entgegenstehen. Im Einzelnen gilt:',
          ),
          list(
            'Kontodaten und Spielstände speichern wir, solange Ihr Benutzerkonto besteht. Nach der Löschung des Kontos werden sie gelöscht. Angaben, die zur Durchsetzung einer verhängten Sperre erforderlich sind, können wir für die Dauer der Sperre aufbewahren.',
            `Die Anmeldesitzung endet mit der Abmeldung, ${session}.`,
            `Einträge des Protokolls (Audit-Log) löschen wir ${number(retention.auditDays)} Tage nach ihrer Entstehung.`,
            `Einen Datenexport löschen wir ${number(retention.exportHours)} Stunden nach seiner Fertigstellung.`,
            `Datenschutzanfragen löschen wir ${number(retention.privacyRequestDays)} Tage nach ihrem Abschluss.`,
            'Die Bestätigung des Cookie-Hinweises wird 30 Tage lang berücksichtigt. Die gewählte Darstellung bleibt gespeichert, bis Sie sie ändern oder die Websitedaten in Ihrem Browser löschen.',
            'Server-Logfiles werden gelöscht, sobald sie für den sicheren Betrieb der Website nicht mehr erforderlich sind.',
            'Die Discord-Nutzer-ID und die Teamspeak-Kennung speichern wir, bis Sie die jeweilige Verknüpfung aufheben lassen, Ihre Einwilligung widerrufen oder Ihr Konto gelöscht wird.',
            'Anfragen per E-Mail oder Kontaktformular löschen wir, sobald sie abschließend bearbeitet sind.',
            'Daten für einen Newsletter speichern wir bis zu Ihrer Abmeldung.',
          ),
        ],
      },
      {
        id: 'empfaenger',
        heading: 'Empfänger und Hosting',
        blocks: [
          p(
            'Wir verkaufen Ihre Daten nicht und geben sie nicht zu Werbezwecken weiter. Personenbezogene Daten erhalten nur die folgenden Stellen, und nur soweit es in dieser Datenschutzerklärung beschrieben ist:',
          ),
          list(
            'Hosting: Für den Betrieb von Homepage, Identitätsanbieter, Forum und Spielserver nutzen wir eigene oder angemietete Server. Soweit dabei ein Hosting-Dienstleister Zugriff auf personenbezogene Daten erhält, verarbeitet er diese ausschließlich in unserem Auftrag und nach unseren Weisungen auf Grundlage eines Vertrags zur Auftragsverarbeitung (Art. 28 DSGVO).',
            'Teammitglieder: Innerhalb des Projekts erhalten nur Teammitglieder, etwa Administratorinnen und Administratoren, Zugriff auf personenbezogene Daten, und zwar nur, soweit sie diesen für ihre Aufgaben benötigen, etwa für den Support oder die Durchsetzung der Regeln.',
            'Discord: Nur wenn Sie Ihr Konto mit Discord verknüpft haben, übermitteln wir Ihre Discord-Nutzer-ID und die zuzuweisenden Rollen an Discord.',
            'Behörden: Nur wenn wir rechtlich dazu verpflichtet sind (Art. 6 Abs. 1 lit. c DSGVO).',
          ),
          p(
            'Soweit Daten in Länder außerhalb der Europäischen Union oder des Europäischen Wirtschaftsraums gelangen können, weisen wir in den jeweiligen Abschnitten darauf hin.',
          ),
        ],
      },
      {
        id: 'betroffenenrechte',
        heading: 'Ihre Rechte',
        blocks: [
          p('Ihnen stehen nach der DSGVO folgende Rechte zu:'),
          list(
            'Auskunft über die zu Ihrer Person gespeicherten Daten (Art. 15 DSGVO),',
            'Berichtigung unrichtiger oder Vervollständigung unvollständiger Daten (Art. 16 DSGVO),',
            'Löschung Ihrer Daten (Art. 17 DSGVO),',
            'Einschränkung der Verarbeitung (Art. 18 DSGVO),',
            'Unterrichtung der Empfänger über eine Berichtigung, Löschung oder Einschränkung (Art. 19 DSGVO),',
            'Datenübertragbarkeit, also Erhalt Ihrer bereitgestellten Daten in einem strukturierten, gängigen und maschinenlesbaren Format (Art. 20 DSGVO),',
            'Widerspruch gegen die Verarbeitung (Art. 21 DSGVO, siehe unten),',
            'Widerruf einer erteilten Einwilligung jederzeit mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO); die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon unberührt.',
          ),
          p(
            `Zur Ausübung Ihrer Rechte genügt eine Nachricht an ${email}. Ihre Daten herunterladen sowie Löschung oder Einschränkung beantragen können Sie auch im Control Panel unter Accounteinstellungen, „Meine Daten“.`,
          ),
          p(
            'Unbeschadet eines anderweitigen verwaltungsrechtlichen oder gerichtlichen Rechtsbehelfs haben Sie außerdem das Recht auf Beschwerde bei einer Datenschutz-Aufsichtsbehörde, insbesondere in dem Mitgliedstaat Ihres gewöhnlichen Aufenthalts, Ihres Arbeitsplatzes oder des Orts des mutmaßlichen Verstoßes (Art. 77 DSGVO).',
          ),
        ],
        subsections: [
          {
            id: 'widerspruchsrecht',
            heading: 'Widerspruchsrecht nach Art. 21 DSGVO',
            blocks: [
              p(
                'Verarbeiten wir Ihre Daten auf Grundlage von Art. 6 Abs. 1 lit. f DSGVO, haben Sie das Recht, aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit Widerspruch gegen diese Verarbeitung einzulegen. Wir verarbeiten die Daten dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe für die Verarbeitung nachweisen, die Ihre Interessen, Rechte und Freiheiten überwiegen, oder die Verarbeitung dient der Geltendmachung, Ausübung oder Verteidigung von Rechtsansprüchen.',
              ),
            ],
          },
        ],
      },
      {
        id: 'verschluesselung',
        heading: 'SSL- bzw. TLS-Verschlüsselung',
        blocks: [
          p(
            'Diese Website und die Anmeldung über unseren Identitätsanbieter nutzen aus Sicherheitsgründen eine SSL- bzw. TLS-Verschlüsselung. Eine verschlüsselte Verbindung erkennen Sie daran, dass die Adresszeile des Browsers mit „https://“ beginnt und ein Schloss-Symbol anzeigt. Bei aktiver Verschlüsselung können die Daten, die Sie an uns übermitteln, nicht von Dritten mitgelesen werden.',
          ),
          p(
            'Die Verbindung Ihres Spielclients zum Spielserver verwendet das Netzwerkprotokoll der Multiplayer-Modifikation und ist nicht per SSL bzw. TLS verschlüsselt. Geben Sie im Spiel, etwa im Chat, daher keine vertraulichen Daten preis.',
          ),
        ],
      },
      {
        id: 'aenderungen-datenschutzerklaerung',
        heading: 'Änderungen dieser Datenschutzerklärung',
        blocks: [
          p(
            'Wir passen diese Datenschutzerklärung an, wenn sich unsere Datenverarbeitung oder die Rechtslage ändert, etwa wenn wir einen der oben beschriebenen Dienste einbinden. Maßgeblich ist die jeweils auf dieser Seite veröffentlichte Fassung mit dem angegebenen Stand.',
          ),
        ],
      },
    ],
  };
}
