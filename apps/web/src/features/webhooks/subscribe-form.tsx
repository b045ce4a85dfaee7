/**
 * A new webhook subscription (decision 097): the target address, the format and the events; the
 * server checks the address (public targets only) and answers with the secret, shown once.
 */
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMATS,
  type WebhookEvent,
  type WebhookFormat,
} from '@nova/domain';
import { useState, type SyntheticEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox, Field, Input, Select } from '../../components/ui/field';
import { fieldErrorsOf } from '../../lib/mutation';
import { trpc } from '../../lib/trpc';

export function SubscribeForm({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const utils = trpc.useUtils();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('standard');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const create = trpc.webhooks.create.useMutation({
    onSuccess: async (created) => {
      onCreated(created.secret, created.subscription.url);
      setUrl('');
      setEvents([]);
      await utils.webhooks.list.invalidate();
    },
  });
  const errors = create.error ? (fieldErrorsOf(create.error) ?? {}) : {};
  const general = create.error && !fieldErrorsOf(create.error) ? create.error.message : null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate({ values: { url, format, events } });
  };
  const toggle = (type: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((item) => item !== type)));

  return (
    <form onSubmit={submit} noValidate className="min-w-0 space-y-4" aria-labelledby="webhook-new">
      <h2 id="webhook-new" className="text-lg font-semibold">
        Neues Abonnement
      </h2>
      {general && <Alert tone="error">{general}</Alert>}
      <Field
        label="Adresse (URL)"
        error={errors.url}
        hint="Eine öffentliche https-Adresse, etwa die Webhook-URL eines Discord-Kanals oder deines Bots."
      >
        {(props) => (
          <Input
            {...props}
            type="url"
            inputMode="url"
            autoComplete="off"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <Field label="Format" error={errors.format}>
        {(props) => (
          <Select
            {...props}
            value={format}
            onChange={(event) => setFormat(event.target.value as WebhookFormat)}
          >
            {(Object.keys(WEBHOOK_FORMATS) as WebhookFormat[]).map((key) => (
              <option key={key} value={key}>
                {WEBHOOK_FORMATS[key]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset className="space-y-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Ereignisse</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={WEBHOOK_EVENTS[type]}
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
          ))}
        </div>
        {errors.events && (
          <p id="webhook-events-error" className="text-sm font-medium text-red-700 dark:text-red-300">
            {errors.events}
          </p>
        )}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Wird angelegt …' : 'Abonnieren'}
      </Button>
    </form>
  );
}
