CREATE TABLE "platform_alert_reads" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"alerts" jsonb NOT NULL,
	"upstream_request_id" text,
	"fetched_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "platform_alert_reads_organization_id_vehicle_id_pk" PRIMARY KEY("organization_id","vehicle_id")
);
--> statement-breakpoint
ALTER TABLE "platform_alert_reads" ADD CONSTRAINT "platform_alert_reads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;