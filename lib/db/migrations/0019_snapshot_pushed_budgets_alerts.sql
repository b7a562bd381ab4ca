ALTER TABLE "vehicle_snapshots" ADD COLUMN "pushed_budgets" jsonb;--> statement-breakpoint
ALTER TABLE "vehicle_snapshots" ADD COLUMN "pushed_alerts" jsonb;--> statement-breakpoint
ALTER TABLE "vehicle_snapshots" ADD COLUMN "has_alerts" boolean DEFAULT false NOT NULL;