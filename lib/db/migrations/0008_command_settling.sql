ALTER TABLE "command_executions" ADD COLUMN "origin" text DEFAULT 'motorpool' NOT NULL;--> statement-breakpoint
ALTER TABLE "command_executions" ADD COLUMN "status_checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "command_executions" ADD COLUMN "confirmation" text;--> statement-breakpoint
ALTER TABLE "command_executions" ADD COLUMN "confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "command_executions" ADD COLUMN "confirmation_checked_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "command_executions_org_external_upstream" ON "command_executions" USING btree ("organization_id","upstream_execution_id") WHERE origin = 'external';--> statement-breakpoint
CREATE INDEX "command_executions_open_idx" ON "command_executions" USING btree ("requested_at") WHERE settled_at is null;--> statement-breakpoint
ALTER TABLE "command_executions" ADD CONSTRAINT "command_executions_origin_valid" CHECK (origin in ('motorpool', 'external'));--> statement-breakpoint
ALTER TABLE "command_executions" ADD CONSTRAINT "command_executions_confirmation_valid" CHECK (confirmation is null or confirmation in ('confirmed', 'not_seen', 'not_reported'));