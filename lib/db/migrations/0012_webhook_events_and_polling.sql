CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"webhook_timestamp" timestamp (3) with time zone NOT NULL,
	"type" text NOT NULL,
	"vehicle_id" text,
	"occurred_at" timestamp (3) with time zone,
	"payload" jsonb NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"applied_at" timestamp (3) with time zone,
	"outcome" text,
	"detail" text,
	CONSTRAINT "webhook_events_outcome_valid" CHECK (outcome is null or outcome in ('applied', 'recorded', 'ignored', 'invalid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "command_executions" ADD COLUMN "event_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "webhook_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "command_polling" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_org_webhook_id_key" ON "webhook_events" USING btree ("organization_id","webhook_id");--> statement-breakpoint
CREATE INDEX "webhook_events_org_received_idx" ON "webhook_events" USING btree ("organization_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_events_org_vehicle_idx" ON "webhook_events" USING btree ("organization_id","vehicle_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "webhook_events_unapplied_idx" ON "webhook_events" USING btree ("received_at") WHERE applied_at is null;