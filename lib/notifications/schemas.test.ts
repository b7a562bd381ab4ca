import { describe, expect, it } from 'vitest';
import { describeRecipients, describeRule, severityAtLeast } from './kinds';
import { deliveryPreferencesSchema, ruleInputSchema } from './schemas';

const valid = {
  name: 'Silent vans',
  kind: 'no_data',
  params: { hours: 6 },
  channels: ['console', 'email'],
  recipients: { roles: ['manager'], userIds: [], sender: false },
  enabled: true,
};
const issuesOf = (input: unknown) => {
  const parsed = ruleInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('a notification rule as the form sends it', () => {
  it('takes a whole rule', () => {
    expect(issuesOf(valid)).toEqual([]);
  });

  it.each([
    ['no name', { ...valid, name: '  ' }, 'name: Enter a name'],
    ['no channel', { ...valid, channels: [] }, 'channels: Choose at least one channel'],
    ['nobody to tell', { ...valid, recipients: { roles: [], userIds: [], sender: false } }, 'recipients: Choose who receives it'],
    [
      'a sender where the event has none',
      { ...valid, recipients: { roles: [], userIds: [], sender: true } },
      'recipients.sender: Only commands and bulk jobs have a member who sent them',
    ],
    ['zero hours', { ...valid, params: { hours: 0 } }, 'params.hours: At least 1 hour'],
    [
      'an unknown command',
      { ...valid, kind: 'command_failed', params: { commands: ['SELF_DESTRUCT'] } },
      'params.commands.0: Not a command',
    ],
    [
      'an unknown severity',
      { ...valid, kind: 'alert_severity', params: { severity: 'APOCALYPTIC' } },
      'params.severity: Choose a severity',
    ],
    ['an unknown parameter', { ...valid, params: { hours: 2, webhook: 'http://x' } }, 'params: Unrecognized key: "webhook"'],
  ])('refuses %s, naming the field', (_, input, issue) => {
    expect(issuesOf(input)).toContain(issue);
  });
});

describe('rule words', () => {
  it('ranks severities from CRITICAL down, an unknown one never reaching a threshold', () => {
    expect(severityAtLeast('CRITICAL', 'HIGH')).toBe(true);
    expect(severityAtLeast('high', 'HIGH')).toBe(true);
    expect(severityAtLeast('MEDIUM', 'HIGH')).toBe(false);
    expect(severityAtLeast('WHATEVER', 'LOW')).toBe(false);
    expect(severityAtLeast(null, 'LOW')).toBe(false);
  });

  it('says what a rule watches and whom it tells', () => {
    expect(describeRule({ kind: 'command_failed', params: { includeUnknown: true } })).toBe(
      'any command ends failed or with an unknown outcome',
    );
    expect(describeRule({ kind: 'no_data', params: { hours: 6 } })).toBe('a vehicle sends no data for 6 hours');
    expect(describeRule({ kind: 'events_stopped', params: { hours: 1 } })).toBe('no pushed event has arrived for 1 hour');
    expect(describeRecipients({ roles: ['admin'], userIds: ['u1', 'u2'], sender: true }, new Map([['u1', 'Ada']]))).toBe(
      'the member who sent it, every admin, Ada, a member',
    );
  });
});

describe('a member’s notification e-mail settings', () => {
  const valid = {
    timeZone: 'Europe/Berlin',
    quietStart: '22:00',
    quietEnd: '07:00',
    urgentDuringQuiet: true,
    digest: 'daily',
    digestHour: 8,
  };
  const fieldsOf = (input: unknown) => {
    const parsed = deliveryPreferencesSchema.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes a known IANA zone and both quiet times or neither', () => {
    expect(fieldsOf(valid)).toEqual({});
    expect(fieldsOf({ ...valid, quietStart: null, quietEnd: null })).toEqual({});
    expect(fieldsOf({ ...valid, timeZone: 'Mars/Olympus' })).toEqual({ timeZone: 'Not a known time zone' });
    expect(fieldsOf({ ...valid, quietEnd: null })).toEqual({ quietEnd: 'Enter both times, or neither' });
    expect(fieldsOf({ ...valid, quietStart: '25:00' })).toEqual({ quietStart: 'Enter the start as HH:MM' });
    expect(fieldsOf({ ...valid, digestHour: 24 })).toEqual({ digestHour: 'Choose an hour' });
  });

  it('takes a rule scope by tag or saved view, with field-named messages', () => {
    const rule = {
      name: 'North',
      kind: 'no_data',
      params: { hours: 6 },
      channels: ['console'],
      recipients: { roles: ['admin'], userIds: [], sender: false },
      enabled: true,
    };
    expect(ruleInputSchema.safeParse({ ...rule, scope: { type: 'tag', key: 'depot', value: 'north' } }).success).toBe(true);
    const bad = ruleInputSchema.safeParse({ ...rule, scope: { type: 'view', viewId: 'nope' } });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['scope.viewId', 'Choose a saved view'],
    ]);
  });
});
