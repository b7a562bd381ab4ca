import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field, SecretField } from './field';

describe('SecretField', () => {
  it('renders the write-only password Field the settings panels wrote by hand', () => {
    expect(
      renderToStaticMarkup(
        <SecretField id="webhookSecret" label="Signing secret" placeholder="whsec_…" hint="Never shown again." error="Too short" />,
      ),
    ).toBe(
      renderToStaticMarkup(
        <Field
          id="webhookSecret"
          label="Signing secret"
          type="password"
          autoComplete="new-password"
          placeholder="whsec_…"
          hint="Never shown again."
          error="Too short"
        />,
      ),
    );
  });
});
