import 'server-only';
import { Webhook } from 'standardwebhooks';
import type { Org } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import {
  getOrganizationCredentials,
  getWebhookSecret,
  listEmbeddedOrganizations,
  setCommandPolling,
  setWebhookSecret,
} from '@/lib/db/repos/organizations';
import { listWebhookEvents } from '@/lib/db/repos/webhook-events';
import { AppError, invalidField } from '@/lib/errors/app-error';
import { appUrl, usesEmbeddedSandbox } from '@/lib/env';
import { getEmbeddedSandbox } from '@/lib/sandbox';
import type { CommandPollingInput, WebhookSecretInput } from '@/lib/webhooks/schemas';
import type { WebhookEvent } from '@/lib/db/schema';
import { TEST_EVENT_TYPE, type WebhookEventView, type WebhookSettingsView } from '../webhook-events';

export const receiverUrl = (slug: string) => `${appUrl().replace(/\/$/, '')}/api/webhooks/vehicle-api/${slug}`;

/** The receiver URL, whether a secret is stored (never the secret), and the last events received. */
export async function getWebhookSettings(org: Org): Promise<WebhookSettingsView> {
  const db = getDb();
  const [secret, events] = await Promise.all([getWebhookSecret(db, org.id), listWebhookEvents(db, org.id, { limit: 20 })]);
  return {
    receiverUrl: receiverUrl(org.slug),
    hasSecret: secret !== undefined,
    commandPolling: org.commandPolling,
    canSendTest: secret !== undefined && (await embeddedUpstreamOf(org)) !== undefined,
    events: events.map(toWebhookEventView),
  };
}

/** What the console shows of one received event, wherever it lists them (never its payload). */
export function toWebhookEventView(e: WebhookEvent): WebhookEventView {
  return {
    id: e.id,
    webhookId: e.webhookId,
    type: e.type,
    vehicleId: e.vehicleId,
    receivedAt: e.receivedAt.toISOString(),
    outcome: e.outcome,
    detail: e.detail,
  };
}

/**
 * The embedded sandbox's organization behind a console organization it serves, or undefined when
 * the organization talks to a real service. Matched by client id AND secret, as the vendor's portal
 * would only let its own account in: a client id alone is no secret, and an organization that
 * copied another's would otherwise point that organization's events at its own receiver.
 */
async function embeddedUpstreamOf(org: Pick<Org, 'id' | 'apiBaseUrl' | 'clientId'>) {
  if (org.apiBaseUrl !== null || !usesEmbeddedSandbox()) return undefined;
  const sandbox = getEmbeddedSandbox();
  const upstream = sandbox.organizations.find((o) => o.clientId === org.clientId);
  if (!upstream) return undefined;
  const credentials = await getOrganizationCredentials(getDb(), org.id).catch(() => undefined);
  if (
    credentials?.apiBaseUrl !== null ||
    credentials.clientId !== upstream.clientId ||
    credentials.clientSecret !== upstream.clientSecret
  ) {
    return undefined;
  }
  return { sandbox, organizationId: upstream.id };
}

/** What the vendor's portal does when a secret is entered there: the sandbox sends this organization's events to its receiver. */
async function configureEmbeddedSender(org: Pick<Org, 'id' | 'apiBaseUrl' | 'clientId' | 'slug'>, secret: string | null): Promise<void> {
  const embedded = await embeddedUpstreamOf(org);
  embedded?.sandbox.webhooks.configure(embedded.organizationId, secret ? { url: receiverUrl(org.slug), secret } : null);
}

/** At start-up: the embedded sandbox forgets its targets with the process; the stored secrets tell them again. */
export async function configureEmbeddedWebhookTargets(): Promise<void> {
  if (!usesEmbeddedSandbox()) return;
  const db = getDb();
  for (const org of await listEmbeddedOrganizations(db)) {
    const secret = await getWebhookSecret(db, org.id).catch(() => undefined);
    if (secret) await configureEmbeddedSender(org, secret);
  }
}

export async function updateWebhookSecret(org: Org, input: WebhookSecretInput): Promise<{ hasSecret: boolean }> {
  if (input.secret !== null) {
    try {
      new Webhook(input.secret);
    } catch {
      throw invalidField('secret', 'Not valid base64', { message: 'The signing secret is not valid base64.' });
    }
  }
  await setWebhookSecret(getDb(), org.id, input.secret);
  await configureEmbeddedSender(org, input.secret);
  return { hasSecret: input.secret !== null };
}

/**
 * The embedded sandbox's "send test event": the sandbox signs it as the vendor does and posts it
 * to the receiver URL, through the route's verification, record and apply.
 */
export async function sendTestEvent(org: Org): Promise<{ webhookId: string; status: number | 'error' }> {
  const secret = await getWebhookSecret(getDb(), org.id);
  const embedded = await embeddedUpstreamOf(org);
  if (!embedded || !secret) {
    throw new AppError('CONFLICT', 'A test event can be sent only for the embedded sandbox, once a signing secret is stored.');
  }
  await configureEmbeddedSender(org, secret);
  const delivery = await embedded.sandbox.webhooks.sendNow(embedded.organizationId, TEST_EVENT_TYPE, { note: 'Sent from Settings' });
  if (!delivery) throw new AppError('CONFLICT', 'The sandbox has no webhook target for this organization.');
  return { webhookId: delivery.webhookId, status: delivery.status };
}

export async function updateCommandPolling(org: Org, input: CommandPollingInput): Promise<{ commandPolling: boolean }> {
  await setCommandPolling(getDb(), org.id, input.enabled);
  return { commandPolling: input.enabled };
}
