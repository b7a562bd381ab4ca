import { describe, expect, it, vi } from 'vitest';

/**
 * The tests run without a DOM, so React's three hooks the hook uses are played by a small
 * runtime: state kept per call order, a ref attached before the effects run (as React's commit
 * does), an effect run when its dependencies change, and a render again after a state change.
 */
const react = vi.hoisted(() => {
  let slots: unknown[] = [];
  let index = 0;
  let effects: (() => void)[] = [];
  let changed = false;
  const next = () => index++;
  return {
    reset: () => void (slots = []),
    useRef: (initial: unknown) => {
      const i = next();
      if (!(i in slots)) slots[i] = { current: initial };
      return slots[i];
    },
    useState: (initial: unknown) => {
      const i = next();
      if (!(i in slots)) slots[i] = initial;
      const set = (value: unknown) => {
        changed ||= !Object.is(slots[i], value);
        slots[i] = value;
      };
      return [slots[i], set];
    },
    useEffect: (effect: () => void, deps: unknown[]) => {
      const i = next();
      const before = slots[i] as unknown[] | undefined;
      if (before && deps.every((d, j) => Object.is(d, before[j]))) return;
      slots[i] = deps;
      effects.push(effect);
    },
    render<T>(hook: () => T, attach: (result: T) => void = () => {}): T {
      let result: T;
      do {
        changed = false;
        index = 0;
        effects = [];
        result = hook();
        attach(result);
        for (const effect of effects) effect();
      } while (changed);
      return result;
    },
  };
});
vi.mock('react', () => ({ useRef: react.useRef, useState: react.useState, useEffect: react.useEffect }));

const { useLoadedPicture } = await import('./use-loaded-picture');

type Picture = Pick<HTMLImageElement, 'complete' | 'naturalWidth'>;
const render = (src: string | null, picture?: Picture) =>
  react.render(
    () => useLoadedPicture(src),
    ({ pictureRef }) => {
      if (picture) (pictureRef as { current: Picture | null }).current = picture;
    },
  );

describe('useLoadedPicture', () => {
  it('is ready once the picture loads, and not for the next address until that one loads', () => {
    react.reset();
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

  it('is ready at once for a picture the browser had already loaded (no load event comes)', () => {
    react.reset();
    expect(render('/cached.svg', { complete: true, naturalWidth: 960 }).ready).toBe(true);
  });

  it('is not ready for a picture that finished without loading, nor when there is no address', () => {
    react.reset();
    expect(render('/broken.svg', { complete: true, naturalWidth: 0 }).ready).toBe(false);
    react.reset();
    expect(render(null).ready).toBe(false);
  });
});
