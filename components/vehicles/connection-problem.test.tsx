import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OutcomeError } from '@/components/eligibility/outcome-errors';
import { ConnectionProblem } from './connection-problem';

describe('a connection problem in plain words', () => {
  it('explains a vehicle’s connection error code with its next step, keeping the code, category and text', () => {
    const html = renderToStaticMarkup(
      <ConnectionProblem
        vehicle={{
          id: 'v1',
          connectionErrorCode: 'FLEET_CONSENT_MISSING',
          connectionErrorMessage: 'consent absent',
          actionCategory: 'CUSTOMER_ACTION',
        }}
      />,
    );
    expect(html).toContain('The owner has not given consent yet');
    expect(html).toContain('Send the owner a consent link');
    expect(html).toContain('FLEET_CONSENT_MISSING');
    expect(html).toContain('CUSTOMER_ACTION');
    expect(html).toContain('“consent absent”');
  });

  it('falls back on the action category for a code it does not know, and shows nothing without a problem', () => {
    const html = renderToStaticMarkup(
      <ConnectionProblem
        vehicle={{ id: 'v1', connectionErrorCode: 'CONSENT_PENDING', connectionErrorMessage: 'pending', actionCategory: 'UNDER_REVIEW' }}
      />,
    );
    expect(html).toContain('Under review');
    expect(html).toContain('CONSENT_PENDING');
    expect(renderToStaticMarkup(<ConnectionProblem vehicle={{ id: 'v1', connectionStatus: 'CONNECTED' }} />)).toBe('');
  });

  it('explains a per-VIN bulk connection code and names its category too', () => {
    const html = renderToStaticMarkup(
      <OutcomeError error={{ code: 'VIN_BLACKLISTED', message: 'blocked by policy', actionCategory: 'CONTACT_SUPPORT' }} />,
    );
    expect(html).toContain('The service refuses this VIN');
    expect(html).toContain('Contact support:');
    expect(html).toContain('VIN_BLACKLISTED');
    expect(html).toContain('“blocked by policy”');
  });
});
