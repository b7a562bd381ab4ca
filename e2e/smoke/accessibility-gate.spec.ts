import { createRequire } from 'node:module';
import { markupFingerprint, rulesNeverSerious, seriousViolations, uncheckedViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// The gate every test passes through must be able to fail: a page with a known serious violation.
test('the accessibility check reports low contrast and an unlabelled button', async ({ page }) => {
  await page.setContent('<main><h1>Gate</h1><p style="color:#bbb;background:#fff">faint text</p><button></button></main>');
  const violations = await seriousViolations(page);
  expect(violations.some((v) => v.startsWith('serious color-contrast'))).toBe(true);
  expect(violations.some((v) => v.startsWith('critical button-name'))).toBe(true);
});

// A worker checks each markup once: the fingerprint must tell apart what axe would judge differently.
test('a markup checked once is the same markup with other text, more rows or another order, and another one with another class, an empty name, a dialog or a button moved into the table', async ({
  page,
}) => {
  const fingerprintOf = async (body: string) => {
    await page.setContent(`<main>${body}</main>`);
    return markupFingerprint(page);
  };
  const rows = (n: number, text: string) => `<table><tbody>${`<tr><td>${text}</td></tr>`.repeat(n)}</tbody></table>`;
  const base = await fingerprintOf(`${rows(3, 'WVW 1')}<button class="bg-white">Lock</button>`);
  expect(await fingerprintOf(`${rows(20, 'VIN 7')}<button class="bg-white">Unlock</button>`)).toBe(base);
  expect(await fingerprintOf(`<button class="bg-white">Unlock</button>${rows(1, 'VIN 7')}`)).toBe(base);
  expect(await fingerprintOf(`${rows(3, 'WVW 1')}<button class="bg-white">Lock</button><div role="dialog"><p>Sure?</p></div>`)).not.toBe(
    base,
  );
  expect(await fingerprintOf(`<table><tbody><tr><td><button class="bg-white">Lock</button></td></tr></tbody></table>`)).not.toBe(base);
  expect(await fingerprintOf(`${rows(3, 'WVW 1')}<button class="bg-zinc-50">Lock</button>`)).not.toBe(base);
  expect(await fingerprintOf(`${rows(3, 'WVW 1')}<button class="bg-white"></button>`)).not.toBe(base);
  expect(await fingerprintOf(`${rows(3, 'WVW 1')}<button class="bg-white" aria-label="Lock"></button>`)).not.toBe(base);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await fingerprintOf(`${rows(3, 'WVW 1')}<button class="bg-white">Lock</button>`)).not.toBe(base);
});

test('a violation found is found again: only a markup without one is remembered as checked', async ({ page }) => {
  const open = (body: string) =>
    page.setContent(`<html lang="en"><head><title>Gate</title></head><body><main><h1>Gate</h1>${body}</main></body></html>`);
  await open('<button></button>');
  expect(await uncheckedViolations(page)).toEqual([expect.stringMatching(/^critical button-name/)]);
  expect(await uncheckedViolations(page)).toEqual([expect.stringMatching(/^critical button-name/)]);
  await open('<button>Lock</button>');
  expect(await uncheckedViolations(page)).toEqual([]);
});

test('colour contrast is checked once per text style: another background behind the same text is checked again, and found', async ({
  page,
}) => {
  const open = (body: string) =>
    page.setContent(`<html lang="en"><head><title>Gate</title></head><body><main><h1>Gate</h1>${body}</main></body></html>`);
  // Light grey on black reads well, and is remembered as checked.
  await open('<div style="background:#000"><p style="color:#bbb">faint on dark</p></div>');
  expect(await uncheckedViolations(page)).toEqual([]);
  // The same text style on white: its ancestor's style differs, so it is a style not checked yet.
  await open('<div style="background:#fff"><p style="color:#bbb">faint on light</p></div>');
  expect(await uncheckedViolations(page)).toEqual([expect.stringMatching(/^serious color-contrast/)]);
  // Found again: a style with a violation is not remembered; other text in it is the same style.
  await open('<div style="background:#fff"><p style="color:#bbb">other words, same style</p></div>');
  expect(await uncheckedViolations(page)).toEqual([expect.stringMatching(/^serious color-contrast/)]);
  // Beside a style checked clean, a new one is still checked.
  await open(
    '<style>.faint{color:#ccc}</style><div style="background:#000"><p class="faint">classed</p></div><p class="faint">on white</p>',
  );
  expect(await uncheckedViolations(page)).toEqual([expect.stringMatching(/^serious color-contrast/)]);
});

// The gate leaves out the rules whose findings are never serious or critical (they would be dropped).
test('only rules that can never find anything serious or critical are left out; an impact axe does not state keeps its rule', () => {
  const axe = createRequire(__filename)('axe-core') as { _audit: Parameters<typeof rulesNeverSerious>[0] };
  const left = rulesNeverSerious(axe._audit);
  expect(left).toEqual(expect.arrayContaining(['region', 'heading-order', 'landmark-one-main']));
  for (const serious of ['button-name', 'color-contrast', 'aria-required-children', 'label', 'link-name', 'nested-interactive']) {
    expect(left).not.toContain(serious);
  }
  const audit = (rules: { id: string; impact?: string; any: string[] }[], checks: Record<string, { impact?: string }>) => ({
    rules: rules.map((rule) => ({ all: [], none: [], ...rule })),
    data: { checks },
  });
  // A moderate rule with one serious check, a rule without an impact, a check without one: all kept.
  expect(
    rulesNeverSerious(
      audit(
        [
          { id: 'mixed', impact: 'moderate', any: ['a', 'b'] },
          { id: 'unstated', any: ['a'] },
          { id: 'unstated-check', impact: 'minor', any: ['c'] },
          { id: 'minor', impact: 'minor', any: ['a'] },
        ],
        { a: { impact: 'minor' }, b: { impact: 'serious' }, c: {} },
      ),
    ),
  ).toEqual(['minor']);
  // Without axe's data the gate runs every rule.
  expect(rulesNeverSerious(undefined)).toEqual([]);
});
