import 'server-only';
import type { NextRequest } from 'next/server';
import { appUrl } from '@/lib/env';
import { AppError } from '@/lib/errors/app-error';

const MAX_BODY_BYTES = 1_000_000;

/**
 * Mutations must come from our own pages: the Origin (or, lacking it, the Referer) must be the
 * console's own origin. Together with JSON-only bodies this stops cross-site form posts.
 */
export function assertSameOrigin(request: NextRequest): void {
  const allowed = new Set([new URL(appUrl()).origin, request.nextUrl.origin]);
  const origin = request.headers.get('origin');
  const referer = request.headers.get('referer');
  const claimed = origin ?? (referer ? safeOrigin(referer) : null);
  if (!claimed || !allowed.has(claimed)) {
    throw new AppError('CROSS_ORIGIN', 'This request must come from the Motorpool console itself.');
  }
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export async function readJsonBody(request: NextRequest): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new AppError('BAD_REQUEST', 'The request body is too large.', { status: 413 });
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
}
