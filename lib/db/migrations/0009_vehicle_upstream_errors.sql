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
ALTER TABLE "vehicle_upstream_errors" ADD CONSTRAINT "vehicle_upstream_errors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_upstream_errors_org_vehicle_idx" ON "vehicle_upstream_errors" USING btree ("organization_id","vehicle_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);