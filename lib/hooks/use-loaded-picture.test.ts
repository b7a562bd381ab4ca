import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The unit tests have no DOM and @testing-library/react is not a devDependency, so the three React
 * hooks this hook calls are played by a fake: state kept per call order, an effect run after the
 * render when its dependencies changed, and a render again while the state changes. Its ref is
 * the `<img>`, which React attaches before the effects run.
 */
const fake = vi.hoisted(() => ({ slots: [] as unknown[], at: 0, effects: [] as (() => void)[], changed: false, picture: null as unknown }));
vi.mock('react', () => ({
  useRef: () => ({ current: fake.picture }),
  useState: (initial: unknown) => {
    const i = fake.at++;
    if (!(i in fake.slots)) fake.slots[i] = initial;
    const set = (value: unknown) => {
      fake.changed ||= !Object.is(fake.slots[i], value);
      fake.slots[i] = value;
    };
    return [fake.slots[i], set];
  },
  useEffect: (effect: () => void, deps: unknown[]) => {
    const i = fake.at++;
    const before = fake.slots[i] as unknown[] | undefined;
    fake.slots[i] = deps;
    if (!before || deps.some((d, j) => !Object.is(d, before[j]))) fake.effects.push(effect);
  },
}));

const { useLoadedPicture } = await import('./use-loaded-picture');

type Picture = Pick<HTMLImageElement, 'complete' | 'naturalWidth'>;

/** Renders `hook` until its state settles, as React renders again after an effect sets state. */
function settle<T>(hook: () => T): T {
  for (;;) {
    fake.at = 0;
    fake.changed = false;
    fake.effects = [];
    const result = hook();
    for (const effect of fake.effects) effect();
    if (!fake.changed) return result;
  }
}

/** The hook for `src`, its `<img>` showing `picture`. */
const render = (src: string | null, picture: Picture | null = null) => {
  fake.picture = picture;
  return settle(() => useLoadedPicture(src));
};

describe('useLoadedPicture', () => {
  beforeEach(() => {
    fake.slots = [];
  });

  it('is ready once the picture loads, and not for the next address until that one loads', () => {
    const loading = { complete: false, naturalWidth: 0 };
    const first = render('/a.svg', loading);
    expect(first.ready).toBe(false);
    first.onLoad();
    expect(render('/a.svg', loading).ready).toBe(true);

    const second = render('/b.svg', loading);
    expect(second.ready).toBe(false);
    second.onLoad();
    expect(render('/b.svg', loading).ready).toBe(true);
  });

  it('is ready at once for a picture the browser had already loaded (no load event comes), and for the next such address', () => {
    const loaded = { complete: true, naturalWidth: 960 };
    expect(render('/cached.svg', loaded).ready).toBe(true);
    expect(render('/also-cached.svg', loaded).ready).toBe(true);
  });

  it('is not ready for a picture that finished without loading, nor when there is no address', () => {
    expect(render('/broken.svg', { complete: true, naturalWidth: 0 }).ready).toBe(false);
    expect(render(null).ready).toBe(false);
  });
});
