/**
 * The Drizzle schema, one file per table group. Every caller imports `@/lib/db/schema`;
 * drizzle.config.ts points drizzle-kit here, so a table exported from a group is seen by both.
 */
export * from './access';
export * from './commands';
export * from './onboarding';
export * from './audit';
export * from './vehicles';
export * from './bulk-jobs';
export * from './webhooks';
export * from './step-ups';
export * from './notifications';
export * from './api-credentials';
export * from './owner-faces';
export * from './history';
export * from './notification-webhooks';
export * from './tariffs';
export * from './report-schedules';
