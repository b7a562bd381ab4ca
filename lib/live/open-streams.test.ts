import { describe, expect, it, vi } from 'vitest';
import { closeLiveStreams, keepLiveStream } from './open-streams';

describe('the tab’s open live streams', () => {
  it('are stopped once each when closed, by their own stop or by sign-out, and none starts after', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = keepLiveStream(() => first)!;
    keepLiveStream(() => second);
    stopFirst();
    closeLiveStreams();
    stopFirst();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    const late = vi.fn(() => vi.fn());
    expect(keepLiveStream(late)).toBeUndefined();
    expect(late).not.toHaveBeenCalled();
  });
});
