/**
 * The "Webhooks" page's procedures and the REST API's (decision 097): subscriptions with their
 * events and format, the secret shown once (create, rotate), the delivery log, "Erneut senden" and
 * resuming a paused subscription. Creating, deleting, rotating and resuming are audited; the
 * secret never enters a record.
 */
import { createInputOf } from '@nova/contracts';
import { WEBHOOK_EVENT_TYPES, ERROR_MESSAGES, type WebhookEvent } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { idempotent } from '../audit/idempotency';
import { fieldError } from '../kinds/errors';
import { authedProcedure, router } from '../trpc/init';
import type { Subscription } from './store';
import { checkTarget, TargetRefused } from './targets';

const Id = z.string().regex(/^\d{1,18}$/, 'Ungültige Nummer');

export const SubscriptionView = z.object({
  id: z.string(),
  url: z.string(),
  format: z.enum(['standard', 'discord']),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEvent, ...WebhookEvent[]])),
  state: z.enum(['active', 'paused']),
  failingSince: z.string().nullable(),
  pausedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  pending: z.number(),
  failed: z.number(),
});

export const DeliveryView = z.object({
  id: z.string(),
  eventType: z.string(),
  record: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
});

export const WebhookInput = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Bitte gib eine Adresse ein.')
    .max(2000, 'Die Adresse ist zu lang.')
    .refine((value) => URL.canParse(value), 'Bitte gib eine vollständige Adresse ein (https://…).'),
  format: z.enum(['standard', 'discord']),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEvent, ...WebhookEvent[]]))
    .min(1, 'Bitte wähle mindestens ein Ereignis.')
    .max(WEBHOOK_EVENT_TYPES.length),
});

/**
 * What `If-Match` (the REST door, decision 080) compares of a subscription: what a person or the
 * pause changes. Its counts and `failingSince` change with every delivery by themselves.
 */
const COMPARED_FIELDS = ['id', 'url', 'format', 'events', 'state'] as const;

/** What a record keeps of a subscription: never its secret. */
const recorded = (subscription: Subscription | null) =>
  subscription && {
    url: subscription.url,
    format: subscription.format,
    events: subscription.events,
    state: subscription.state,
  };

const webhookProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.webhooks) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.GENERIC });
  }
  return next({ ctx: { webhooks: ctx.webhooks } });
});

const notFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'Dieses Abonnement gibt es nicht (mehr).' });

export const webhooksRouter = router({
  list: webhookProcedure.output(z.array(SubscriptionView)).query(({ ctx }) => ctx.webhooks.store.list()),

  create: webhookProcedure
    .input(createInputOf(WebhookInput))
    .output(z.object({ subscription: SubscriptionView, secret: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { values } = input;
      try {
        await checkTarget(values.url, ctx.webhooks.targets);
      } catch (error) {
        if (error instanceof TargetRefused) throw fieldError('url', error.message);
        throw error;
      }
      const { store } = ctx.webhooks;
      // The key keeps the subscription, never its secret: a repeat of the same create (its answer was
      // lost) answers the subscription with the secret it signs with now.
      let secret: string | null = null;
      const subscription = await idempotent(ctx, 'webhooks.create', input.idempotencyKey, {
        before: () => store.list(),
        idsBefore: (subscriptions) => new Set(subscriptions.map((row) => Number(row.id))),
        readBack: (ids) => async () => {
          const made = (await store.list()).find(
            (row) =>
              !ids?.has(Number(row.id)) &&
              row.url === values.url &&
              row.format === values.format &&
              JSON.stringify(row.events) === JSON.stringify(values.events),
          );
          return made ? { applied: true, state: made } : { applied: false, state: null };
        },
        run: async () => {
          const created = await audited(ctx, {
            action: 'webhooks.create',
            target: { type: 'webhooks', id: null },
            sent: values,
            run: () =>
              store.create({
                url: values.url,
                format: values.format,
                events: values.events,
                createdBy: ctx.principal.username,
              }),
            after: (made) => recorded(made.subscription),
            targetId: (made) => made.subscription.id,
          });
          secret = created.secret;
          return created.subscription;
        },
      });
      secret ??= await store.secret(subscription.id);
      if (secret === null) throw notFound();
      return { subscription, secret };
    }),

  remove: webhookProcedure
    .input(z.object({ id: Id, expected: SubscriptionView.optional() }))
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { store } = ctx.webhooks;
      const removed = await audited(ctx, {
        action: 'webhooks.remove',
        target: { type: 'webhooks', id: input.id },
        // With the row the caller saw (REST's If-Match): only if it is still that subscription.
        ...(input.expected
          ? {
              condition: {
                expected: input.expected,
                read: () => store.get(input.id),
                fields: COMPARED_FIELDS,
              },
            }
          : { before: () => store.get(input.id) }),
        run: () => store.remove(input.id),
        after: () => null,
      });
      if (!removed) throw notFound();
      return { id: input.id };
    }),

  rotateSecret: webhookProcedure
    .input(z.object({ id: Id }))
    .output(z.object({ secret: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const secret = await audited(ctx, {
        action: 'webhooks.rotateSecret',
        target: { type: 'webhooks', id: input.id },
        run: () => ctx.webhooks.store.rotate(input.id),
        // The new secret is shown once to the caller, never recorded.
        after: () => null,
      });
      if (secret === null) throw notFound();
      return { secret };
    }),

  resume: webhookProcedure
    .input(z.object({ id: Id }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const resumed = await audited(ctx, {
        action: 'webhooks.resume',
        target: { type: 'webhooks', id: input.id },
        before: async () => recorded(await ctx.webhooks.store.get(input.id)),
        run: () => ctx.webhooks.store.resume(input.id),
        after: () => null,
      });
      if (!resumed) throw notFound();
      ctx.webhooks.worker.nudge();
      return { ok: true as const };
    }),

  deliveries: webhookProcedure
    .input(z.object({ id: Id }))
    .output(z.array(DeliveryView))
    .query(async ({ ctx, input }) => {
      // An unknown subscription is not one without deliveries: REST answers 404, the page says so.
      if (!(await ctx.webhooks.store.get(input.id))) throw notFound();
      return ctx.webhooks.store.deliveries(input.id);
    }),

  resend: webhookProcedure
    .input(
      z.object({ id: Id, delivery: z.string().regex(/^msg_\d{1,18}_\d{1,18}$/, 'Ungültige Zustellung') }),
    )
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const resent = await audited(ctx, {
        action: 'webhooks.resend',
        target: { type: 'webhooks', id: input.id },
        run: () => ctx.webhooks.store.resend(input.id, input.delivery),
        after: () => null,
      });
      if (!resent) throw notFound();
      ctx.webhooks.worker.nudge();
      return { ok: true as const };
    }),
});
