import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BUDGET_KB, consolePages, firstLoadKb } from '../../bench/support/first-load';

// Read from the production build the suite runs on: a page whose first load grows past the budget
// fails here, not only in `npm run bench fleet` (a settings panel once pulled 20 kB of schemas in).
test('every console page’s first-load JS stays under the budget', () => {
  const routes = consolePages(path.join(process.cwd(), 'app', '(console)', 'o', '[org]'), '(console)/o/[org]');
  expect(routes.length).toBeGreaterThan(20);
  const over: string[] = [];
  for (const route of routes) {
    const kb = firstLoadKb(route);
    expect(kb, `${route} is in the build`).not.toBeNull();
    if (kb !== null && kb >= BUDGET_KB) over.push(`${route}: ${kb.toFixed(1)} kB`);
  }
  expect(over, `over the ${BUDGET_KB} kB budget`).toEqual([]);
});
