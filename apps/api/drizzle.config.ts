import { defineConfig } from 'drizzle-kit';

// Generation only (`npm run db:generate`); migrations are applied by src/db/migrate.ts on start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
