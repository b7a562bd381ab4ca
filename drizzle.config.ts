import { defineConfig } from 'drizzle-kit';

// Generation only needs the dialect and the schema; no connection is opened.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './lib/db/migrations',
});
