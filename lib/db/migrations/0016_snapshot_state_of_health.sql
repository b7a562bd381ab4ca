ALTER TABLE "vehicle_snapshots" ADD COLUMN "state_of_health" double precision;--> statement-breakpoint
ALTER TABLE "vehicle_snapshots" ADD COLUMN "state_of_health_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "vehicle_snapshots" ADD COLUMN "state_of_health_checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "vehicle_snapshots" ADD COLUMN "state_of_health_status" text;