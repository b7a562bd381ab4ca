import 'server-only';
import { checkVendorRequest, type VendorIssue } from '@/lib/contract/vendor-conformance';

/**
 * `SANDBOX_PROFILE=vendor`: requests are checked against the vendor's published operations
 * (lib/contract/vendor-conformance.json) before any route runs, and what the vendor would refuse
 * is answered as its framework does: 422 with pydantic's `{"detail": [{loc, msg, type}]}`.
 * Unknown keys are ignored, as the vendor ignores them.
 */
export async function vendorRequestIssues(request: Request, path: string, url: URL): Promise<VendorIssue[]> {
  const contentType = request.headers.get('content-type');
  const text = await request.clone().text();
  let body: unknown;
  if (text.trim() === '') body = undefined;
  else if (contentType?.includes('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(text));
  else {
    try {
      body = JSON.parse(text);
    } catch {
      return [{ loc: ['body', 0], msg: 'JSON decode error', type: 'json_invalid' }];
    }
  }
  return checkVendorRequest({ method: request.method, path, query: url.searchParams, body, contentType }) ?? [];
}

export function validationFailed(issues: VendorIssue[]): Response {
  const detail = issues.map(({ loc, msg, type }) => ({ loc, msg, type }));
  return new Response(JSON.stringify({ detail }), { status: 422, headers: { 'content-type': 'application/json' } });
}
