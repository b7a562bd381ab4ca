CREATE TABLE "history_backfills" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"requested_from" timestamp (3) with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"requested_by" uuid,
	"requested_by_email" text,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"estimated_calls" integer NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "history_backfills_organization_id_vehicle_id_pk" PRIMARY KEY("organization_id","vehicle_id"),
	CONSTRAINT "history_backfills_status_check" CHECK (status in ('queued', 'gathering', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "history_gathering" ADD COLUMN "backfill_oldest_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "history_backfills" ADD CONSTRAINT "history_backfills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_backfills" ADD CONSTRAINT "history_backfills_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_backfills_open_idx" ON "history_backfills" USING btree ("organization_id","status");