import { describe, expect, it } from 'vitest';
import { joinListeningHistory } from './listening-history';

const T = Date.parse('2026-11-20T08:00:00Z');
const at = (ms: number) => new Date(T + ms).toISOString();

describe('joinListeningHistory', () => {
  it('names the member for a change made here and none for a change made elsewhere', () => {
    const rows = joinListeningHistory(
      [
        { isListening: true, timestamp: at(3_600_000) },
        { isListening: false, timestamp: at(0) },
      ],
      [{ at: at(1_500), isListening: false, actor: 'ops@example.com' }],
    );
    expect(rows).toEqual([
      { timestamp: at(3_600_000), isListening: true, here: null },
      { timestamp: at(0), isListening: false, here: { actor: 'ops@example.com', at: at(1_500) } },
    ]);
  });

  it('does not pair changes of the other state or beyond the tolerance', () => {
    const rows = joinListeningHistory(
      [{ isListening: false, timestamp: at(0) }],
      [
        { at: at(500), isListening: true, actor: 'a@example.com' },
        { at: at(10 * 60_000), isListening: false, actor: 'b@example.com' },
      ],
    );
    expect(rows[0].here).toBeNull();
  });

  it('uses each Motorpool change once', () => {
    const rows = joinListeningHistory(
      [
        { isListening: false, timestamp: at(60_000) },
        { isListening: false, timestamp: at(0) },
      ],
      [{ at: at(58_000), isListening: false, actor: 'near@example.com' }],
    );
    expect(rows.map((r) => r.here?.actor ?? null)).toEqual(['near@example.com', null]);
  });

  it('keeps an entry without a state or time as it came, unpaired', () => {
    const rows = joinListeningHistory([{ isListening: null, timestamp: 'yesterday' }], [{ at: at(0), isListening: false, actor: 'x' }]);
    expect(rows).toEqual([{ timestamp: 'yesterday', isListening: null, here: null }]);
  });
});
