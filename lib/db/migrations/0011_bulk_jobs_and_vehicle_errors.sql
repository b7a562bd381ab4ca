CREATE TABLE "bulk_job_items" (
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"vehicle_id" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"upstream_request_id" text,
	"execution_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "bulk_job_items_job_id_vehicle_id_pk" PRIMARY KEY("job_id","vehicle_id"),
	CONSTRAINT "bulk_job_items_outcome_valid" CHECK (outcome in ('pending', 'done', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"created_by_email" text,
	"action" text NOT NULL,
	"args" jsonb,
	"selection" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "bulk_jobs_action_valid" CHECK (action in ('tag.add', 'tag.remove', 'listening.on', 'listening.off', 'command')),
	CONSTRAINT "bulk_jobs_status_valid" CHECK (status in ('running', 'paused', 'cancelled', 'done'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_upstream_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_upstream_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"code" text NOT NULL,
	"status" integer NOT NULL,
	"endpoint" text NOT NULL,
	"upstream_request_id" text,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_upstream_errors" ADD CONSTRAINT "vehicle_upstream_errors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_items_job_position_idx" ON "bulk_job_items" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "bulk_jobs_org_created_idx" ON "bulk_jobs" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bulk_jobs_open_idx" ON "bulk_jobs" USING btree ("lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "vehicle_upstream_errors_org_vehicle_idx" ON "vehicle_upstream_errors" USING btree ("organization_id","vehicle_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);