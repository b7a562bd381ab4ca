import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '@/lib/query/api-fetch';
import { ErrorState } from './error-state';
import { UpstreamExplanationText } from './upstream-explanation-text';

const upstream = (code: string, message: string) =>
  new ApiClientError(502, {
    code,
    message,
    upstreamRequestId: 'req-42',
    details: { upstreamStatus: 500, endpoint: 'POST /v1/vehicles/eligibility' },
  });

describe('ErrorState', () => {
  it('tells an upstream error code in plain words with a next step, and keeps the service’s text and request id', () => {
    // The words load in the browser once an error state needs them (components/ui/upstream-explanation.tsx).
    const words = renderToStaticMarkup(<UpstreamExplanationText code="SERVER_ERROR" serviceSaid="Internal Server Error (db pool)" />);
    expect(words).toContain('The Vehicle API failed on its side');
    expect(words).toContain('What to do: </span>Try again in a few minutes');
    expect(words).toContain('The Vehicle API said: “Internal Server Error (db pool)”');
    const html = renderToStaticMarkup(
      <ErrorState error={upstream('SERVER_ERROR', 'Internal Server Error (db pool)')} title="The check was not sent" />,
    );
    expect(html).toContain('SERVER_ERROR · request id req-42');
  });

  it('shows a code the catalog does not know in the service’s words alone', () => {
    const html = renderToStaticMarkup(<UpstreamExplanationText code="SOMETHING_NEW" serviceSaid="A brand new failure" />);
    expect(html).toContain('<p>A brand new failure</p>');
    expect(html).not.toContain('What to do');
    expect(html).not.toContain('The Vehicle API said');
  });

  it('keeps Motorpool’s own words for its own errors and for a rate limit', () => {
    const own = new ApiClientError(403, { code: 'NOT_PERMITTED', message: 'You may not do this.' });
    expect(renderToStaticMarkup(<ErrorState error={own} />)).not.toContain('What to do');
    const limited = new ApiClientError(429, {
      code: 'RATE_LIMITED',
      message: 'The Vehicle API asked us to wait until 14:03 UTC.',
      details: { upstreamStatus: 429 },
    });
    const html = renderToStaticMarkup(<ErrorState error={limited} />);
    expect(html).toContain('wait until 14:03 UTC');
    expect(html).not.toContain('What to do');
  });
});
