/**
 * "Integrationen" (role web:admin; decision 083): every machine client the BFF has seen, from the
 * audit log (its writes and refusals; reads leave no record): the scopes its calls used, first and
 * last call, calls and refusals per day, and a link to its service account in the identity
 * provider's admin console. Its own lazy chunk.
 */
import { Fragment } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { trpc } from '../../lib/trpc';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const count = (value: number) => value.toLocaleString('de-DE');

export function IntegrationsPage() {
  const list = trpc.integrations.list.useQuery();
  return (
    <>
      <PageHeader
        title="Integrationen"
        lines={[
          'Maschinen-Clients (Bots, Skripte), die die API genutzt haben – aus dem Audit-Log: Änderungen und abgelehnte Aufrufe, keine Lesezugriffe.',
        ]}
      />
      {list.isPending ? (
        <Loading text="Integrationen werden geladen …" />
      ) : list.isError ? (
        <Alert tone="error" action={<Button onClick={() => void list.refetch()}>Erneut versuchen</Button>}>
          Die Integrationen konnten nicht geladen werden.
        </Alert>
      ) : list.data.length === 0 ? (
        <EmptyState>Noch kein Maschinen-Client hat etwas geändert oder wurde abgelehnt.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Client
                </th>
                <th scope="col" className="py-2 pr-4">
                  Genutzte Scopes
                </th>
                <th scope="col" className="py-2 pr-4">
                  Erster Aufruf
                </th>
                <th scope="col" className="py-2 pr-4">
                  Letzter Aufruf
                </th>
                <th scope="col" className="py-2 pr-4">
                  Aufrufe / Ablehnungen je Tag
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((client) => (
                <tr
                  key={client.clientId}
                  className="border-b border-slate-100 align-top dark:border-slate-800"
                >
                  <td className="py-2 pr-4">
                    <span className="font-medium">{client.clientId}</span>
                    {client.adminUrl && (
                      <>
                        <br />
                        <a
                          className="text-indigo-700 underline dark:text-indigo-300"
                          href={client.adminUrl}
                          target="_blank"
                          rel="noreferrer"
                        >
                          Im Anmeldedienst öffnen
                        </a>
                      </>
                    )}
                  </td>
                  <td className="py-2 pr-4">{client.scopes.length > 0 ? client.scopes.join(', ') : '–'}</td>
                  <td className="py-2 pr-4">{dateTime.format(new Date(client.firstAt))}</td>
                  <td className="py-2 pr-4">{dateTime.format(new Date(client.lastAt))}</td>
                  <td className="py-2 pr-4">
                    <p>
                      insgesamt {count(client.calls)} / {count(client.refusals)}
                    </p>
                    {client.days.length > 0 && (
                      <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3 text-slate-600 dark:text-slate-300">
                        {client.days.map((d) => (
                          <Fragment key={d.day}>
                            <dt>{day.format(new Date(`${d.day}T00:00:00Z`))}</dt>
                            <dd>
                              {count(d.calls)} / {count(d.refusals)}
                            </dd>
                          </Fragment>
                        ))}
                      </dl>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
