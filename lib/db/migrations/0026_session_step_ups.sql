CREATE TABLE "session_step_ups" (
	"sid" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"method" text NOT NULL,
	"proven_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "session_step_ups_sid_organization_id_pk" PRIMARY KEY("sid","organization_id")
);
--> statement-breakpoint
ALTER TABLE "session_step_ups" ADD CONSTRAINT "session_step_ups_sid_user_sessions_sid_fk" FOREIGN KEY ("sid") REFERENCES "public"."user_sessions"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_step_ups" ADD CONSTRAINT "session_step_ups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;