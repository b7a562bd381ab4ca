CREATE TABLE "shared_reads" (
	"organization_id" uuid NOT NULL,
	"key" text NOT NULL,
	"vehicle_id" text,
	"status" integer,
	"body" json,
	"upstream_request_id" text,
	"fetched_at" timestamp (3) with time zone,
	"lease_owner" text,
	"lease_until" timestamp (3) with time zone,
	CONSTRAINT "shared_reads_organization_id_key_pk" PRIMARY KEY("organization_id","key")
);
--> statement-breakpoint
ALTER TABLE "shared_reads" ADD CONSTRAINT "shared_reads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_reads_vehicle_idx" ON "shared_reads" USING btree ("organization_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "shared_reads_fetched_at_idx" ON "shared_reads" USING btree ("fetched_at");