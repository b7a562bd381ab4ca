CREATE TABLE "alert_step_ticks" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"alert_id" text NOT NULL,
	"step_key" text NOT NULL,
	"ticked_by" uuid,
	"ticked_by_email" text,
	"ticked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_step_ticks_organization_id_vehicle_id_alert_id_step_key_pk" PRIMARY KEY("organization_id","vehicle_id","alert_id","step_key")
);
--> statement-breakpoint
ALTER TABLE "alert_step_ticks" ADD CONSTRAINT "alert_step_ticks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_step_ticks" ADD CONSTRAINT "alert_step_ticks_ticked_by_users_id_fk" FOREIGN KEY ("ticked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_step_ticks_org_alert_idx" ON "alert_step_ticks" USING btree ("organization_id","alert_id");