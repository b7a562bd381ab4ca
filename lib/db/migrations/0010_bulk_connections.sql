CREATE TABLE "bulk_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"eligibility_check_id" uuid,
	"retry_of" uuid,
	"upstream_id" text NOT NULL,
	"vin_count" integer NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"results" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eligibility_checks" ADD COLUMN "vins" jsonb;--> statement-breakpoint
ALTER TABLE "bulk_connections" ADD CONSTRAINT "bulk_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_connections" ADD CONSTRAINT "bulk_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_connections" ADD CONSTRAINT "bulk_connections_eligibility_check_id_eligibility_checks_id_fk" FOREIGN KEY ("eligibility_check_id") REFERENCES "public"."eligibility_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_connections_org_check_idx" ON "bulk_connections" USING btree ("organization_id","eligibility_check_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_connections_org_upstream_key" ON "bulk_connections" USING btree ("organization_id","upstream_id");