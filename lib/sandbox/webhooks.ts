import 'server-only';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { newFaultId } from './faults';

/**
 * The sandbox's webhook sender: the vendor's events, signed the way Svix signs them (Standard
 * Webhooks), posted to the target configured for an organization (as in the vendor's portal).
 * Faults on demand make the receiver's life as hard as the real sender can: the same delivery
 * twice, an older state after a newer one, a late delivery, a bad signature.
 */
export const WEBHOOK_FAULT_KINDS = ['duplicate', 'out_of_order', 'late', 'bad_signature'] as const;
export type WebhookFaultKind = (typeof WEBHOOK_FAULT_KINDS)[number];

export const webhookFaultSchema = z
  .object({
    kind: z.enum(WEBHOOK_FAULT_KINDS),
    times: z.number().int().min(1).max(1000).optional(),
    /** Only events of this type take the fault (default: the next event of any type). */
    type: z.string().min(1).max(100).optional(),
    /** `late`: how long the delivery is held back (default 10 s; within the receiver's five minutes). */
    lateMs: z.number().int().min(0).max(600_000).optional(),
  })
  .strict();
export type WebhookFault = z.infer<typeof webhookFaultSchema>;

export const webhookTargetSchema = z
  .object({
    organizationId: z.string().min(1),
    url: z.url({ protocol: /^https?$/ }).nullable(),
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
      .optional(),
  })
  .strict()
  .refine((t) => t.url === null || t.secret !== undefined, { message: 'A target needs its signing secret' });

export type WebhookTarget = { url: string; secret: string };

export type Delivery = {
  organizationId: string;
  webhookId: string;
  type: string;
  status: number | 'error';
  fault?: WebhookFaultKind;
};

type Envelope = { type: string; timestamp: string; data: Record<string, unknown> };

export class WebhookSender {
  private readonly targets = new Map<string, WebhookTarget>();
  private faults: { id: string; spec: WebhookFault; remaining: number }[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** What was posted, newest last (kept to the last 1,000), for tests and the admin stats. */
  readonly deliveries: Delivery[] = [];

  constructor(
    private readonly now: () => number,
    private readonly post: typeof fetch = fetch,
  ) {}

  configure(organizationId: string, target: WebhookTarget | null): void {
    if (target) this.targets.set(organizationId, target);
    else this.targets.delete(organizationId);
  }

  hasTarget(organizationId: string): boolean {
    return this.targets.has(organizationId);
  }

  /** Adds a fault to the next deliveries; answers its id, for `removeFault`. */
  injectFault(spec: WebhookFault): string {
    const id = newFaultId();
    this.faults.push({ id, spec: webhookFaultSchema.parse(spec), remaining: spec.times ?? 1 });
    return id;
  }

  /** Removes one fault by its id, the others staying; false when it is not active. */
  removeFault(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Stops every scheduled delivery (a reset). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Resolves once every scheduled and in-flight delivery is done. */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.inFlight.size > 0) {
      await Promise.all([...this.inFlight]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Sends `type` for the organization after `delayMs` (when the state it reports happens). For
   * `out_of_order`, `stale` is the older state, delivered after this one.
   */
  emit(
    organizationId: string,
    type: string,
    data: Record<string, unknown>,
    options: { delayMs?: number; stale?: Record<string, unknown> } = {},
  ): void {
    if (!this.targets.has(organizationId)) return;
    this.later(options.delayMs ?? 0, () => {
      const envelope: Envelope = { type, timestamp: new Date(this.now()).toISOString(), data };
      const fault = this.takeFault(type);
      if (fault?.kind === 'late') return this.later(fault.lateMs ?? 10_000, () => this.deliver(organizationId, envelope, 'late'));
      const sent = this.deliver(organizationId, envelope, fault?.kind);
      if (fault?.kind === 'out_of_order' && options.stale) {
        const older: Envelope = { type, timestamp: new Date(this.now() - 1_000).toISOString(), data: options.stale };
        return sent.then(() => this.deliver(organizationId, older, 'out_of_order'));
      }
      return sent;
    });
  }

  /** Sends one event now (the portal's "send test event"), without faults; undefined when the organization has no target. */
  async sendNow(organizationId: string, type: string, data: Record<string, unknown>): Promise<Delivery | undefined> {
    if (!this.targets.has(organizationId)) return undefined;
    await this.deliver(organizationId, { type, timestamp: new Date(this.now()).toISOString(), data });
    return this.deliveries.at(-1);
  }

  private takeFault(type: string): WebhookFault | undefined {
    const active = this.faults.find((f) => f.remaining > 0 && (f.spec.type === undefined || f.spec.type === type));
    if (!active) return undefined;
    active.remaining -= 1;
    this.faults = this.faults.filter((f) => f.remaining > 0);
    return active.spec;
  }

  private later(delayMs: number, work: () => Promise<void> | void): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        const running = Promise.resolve(work()).finally(() => this.inFlight.delete(running));
        this.inFlight.add(running);
      },
      Math.max(0, delayMs),
    );
    timer.unref?.();
    this.timers.add(timer);
  }

  private async deliver(organizationId: string, envelope: Envelope, fault?: WebhookFaultKind): Promise<void> {
    const target = this.targets.get(organizationId);
    if (!target) return;
    const webhookId = `msg_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify(envelope);
    const at = new Date(this.now());
    const key = fault === 'bad_signature' ? `whsec_${randomBytes(24).toString('base64')}` : target.secret;
    const headers = {
      'content-type': 'application/json',
      'webhook-id': webhookId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign(webhookId, at, body),
    };
    const attempts = fault === 'duplicate' ? 2 : 1;
    for (let i = 0; i < attempts; i++) {
      let status: Delivery['status'];
      try {
        const response = await this.post(target.url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 'error';
      }
      this.deliveries.push({ organizationId, webhookId, type: envelope.type, status, ...(fault ? { fault } : {}) });
      if (this.deliveries.length > 1_000) this.deliveries.shift();
    }
  }
}
