CREATE TABLE "notification_conditions" (
	"rule_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"condition" text NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"cleared_at" timestamp (3) with time zone,
	CONSTRAINT "notification_conditions_rule_id_subject_condition_pk" PRIMARY KEY("rule_id","subject","condition")
);
--> statement-breakpoint
CREATE TABLE "notification_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '["console"]'::jsonb NOT NULL,
	"recipients" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"default_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_rules_kind_valid" CHECK (kind in ('command_failed', 'no_data', 'vehicle_disconnected', 'alert_severity', 'bulk_failures', 'events_stopped'))
);
--> statement-breakpoint
CREATE TABLE "notification_unsubscribes" (
	"rule_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_unsubscribes_rule_id_user_id_pk" PRIMARY KEY("rule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rule_id" uuid,
	"kind" text NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"vehicle_id" text,
	"execution_id" uuid,
	"bulk_job_id" uuid,
	"email_status" text,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_conditions" ADD CONSTRAINT "notification_conditions_rule_id_notification_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."notification_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_unsubscribes" ADD CONSTRAINT "notification_unsubscribes_rule_id_notification_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."notification_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_unsubscribes" ADD CONSTRAINT "notification_unsubscribes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_rule_id_notification_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."notification_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_conditions_open_idx" ON "notification_conditions" USING btree ("rule_id") WHERE cleared_at is null;--> statement-breakpoint
CREATE INDEX "notification_rules_org_idx" ON "notification_rules" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_rules_org_default_key" ON "notification_rules" USING btree ("organization_id","default_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("organization_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("organization_id","user_id") WHERE read_at is null;--> statement-breakpoint
-- Every organization starts with the same rules: failed or unknown commands to whoever sent them, critical alerts and stopped events to its admins.
CREATE FUNCTION "notification_default_rules"(org uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "notification_rules" ("id", "organization_id", "name", "kind", "params", "channels", "recipients", "default_key") VALUES
    (gen_random_uuid(), org, 'Failed or unknown commands', 'command_failed', '{"includeUnknown":true}', '["console","email"]', '{"roles":[],"userIds":[],"sender":true}', 'commands-to-sender'),
    (gen_random_uuid(), org, 'Critical platform alerts', 'alert_severity', '{"severity":"CRITICAL"}', '["console","email"]', '{"roles":["admin"],"userIds":[],"sender":false}', 'critical-alerts-to-admins'),
    (gen_random_uuid(), org, 'Pushed events stopped', 'events_stopped', '{"hours":1}', '["console","email"]', '{"roles":["admin"],"userIds":[],"sender":false}', 'events-stopped-to-admins')
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
SELECT "notification_default_rules"("id") FROM "organizations";
--> statement-breakpoint
CREATE FUNCTION "notification_default_rules_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notification_default_rules"(NEW."id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "organizations_default_notification_rules" AFTER INSERT ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "notification_default_rules_on_insert"();
