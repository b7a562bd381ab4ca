import 'server-only';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ForbiddenUpstreamAddressError } from '@/lib/vehicle-api/guarded-upstream-fetch';
import { checkWebhookUrl, deliveryLookup, webhookTargetPolicy, type TargetPolicy } from './webhook-target';

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt: the event's id, this attempt's time, and a
 * signature over both and the body per secret, space-separated (the scheme's way of signing with a
 * new and a previous secret while a receiver switches; a verifier accepts any one that matches).
 */
export function signedHeaders(secrets: readonly string[], eventId: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' '),
  };
}

export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** Our words when no answer came. */
  error: string | null;
  responseExcerpt: string | null;
};

const TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 300;
const READ_LIMIT_BYTES = 4096;

export type SendOptions = {
  policy?: TargetPolicy;
  timeoutMs?: number;
  lookupFor?: (verdict: { allowedByOperator: boolean }) => LookupFunction | undefined;
};

/**
 * One POST of a signed event. The URL is checked again (the operator's list may have changed) and
 * the socket's lookup refuses non-public addresses (DNS rebinding); redirects are not followed (a
 * 3xx is a failure); only the first 4 KiB of the answer are read, 300 characters of it kept.
 */
export async function sendWebhook(
  target: { url: string; secrets: readonly string[] },
  event: { id: string; body: string },
  at: Date,
  options: SendOptions = {},
): Promise<SendResult> {
  const started = performance.now();
  const done = (result: Omit<SendResult, 'durationMs'>): SendResult => ({ ...result, durationMs: Math.round(performance.now() - started) });
  const verdict = checkWebhookUrl(target.url, options.policy ?? webhookTargetPolicy());
  if (!verdict.ok) return done({ ok: false, statusCode: null, error: verdict.message, responseExcerpt: null });
  const url = verdict.url;
  const lookup = (options.lookupFor ?? deliveryLookup)(verdict);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Motorpool-Webhooks/1',
    ...signedHeaders(target.secrets, event.id, event.body, at),
  };
  return new Promise<SendResult>((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: 'POST', headers, lookup, timeout: options.timeoutMs ?? TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        const status = response.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
        resolve(
          done({
            ok: status >= 200 && status < 300,
            statusCode: status,
            error: status >= 300 && status < 400 ? 'The endpoint answered with a redirect, which is not followed' : null,
            responseExcerpt: text || null,
          }),
        );
      };
      response.on('data', (chunk: Buffer) => {
        if (size < READ_LIMIT_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size >= READ_LIMIT_BYTES) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.on('timeout', () =>
      request.destroy(new DeliveryTimeout(`No answer within ${Math.round((options.timeoutMs ?? TIMEOUT_MS) / 1000)} s`)),
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(done({ ok: false, statusCode: null, error: describeError(error), responseExcerpt: null })),
    );
    request.end(event.body);
  });
}

const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'The endpoint refused the connection',
  ENOTFOUND: 'The endpoint’s host could not be resolved',
  EAI_AGAIN: 'The endpoint’s host could not be resolved (DNS did not answer)',
  ECONNRESET: 'The endpoint closed the connection',
  ETIMEDOUT: 'The connection to the endpoint timed out',
  EHOSTUNREACH: 'The endpoint’s host could not be reached',
  ENETUNREACH: 'The endpoint’s network could not be reached',
};

/**
 * The delivery log's words for a failure: the people managing webhooks read them. Never the
 * address a name resolved to (it would answer questions about our network's DNS), nor a
 * socket's or TLS library's own text; an unknown failure is named by its code.
 */
function describeError(error: NodeJS.ErrnoException): string {
  if (error instanceof ForbiddenUpstreamAddressError) return `Refused to deliver to ${error.host}: it resolves to a non-public address`;
  if (error instanceof DeliveryTimeout) return error.message;
  const code = error.code ?? '';
  if (NETWORK_FAILURES[code]) return NETWORK_FAILURES[code];
  if (/CERT|TLS|SSL/.test(code)) return `The endpoint’s certificate was not accepted (${code})`;
  return /^[A-Z0-9_]{2,40}$/.test(code) ? `The request failed (${code})` : 'The request failed';
}

class DeliveryTimeout extends Error {}
