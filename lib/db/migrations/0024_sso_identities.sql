CREATE TABLE "sso_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email_at_binding" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_by_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_issuer_subject_key" ON "sso_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_user_issuer_key" ON "sso_identities" USING btree ("user_id","issuer");--> statement-breakpoint
-- Rows that took their password through an invitation link before the mark existed (the audit trail says which).
UPDATE "users" SET "password_set_by_link" = true WHERE "password_hash" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "sso_identities" s WHERE s."user_id" = "users"."id") AND "id" IN (SELECT "actor_user_id" FROM "audit_events" WHERE "action" = 'members.invitation_accepted' AND "details"->>'account' = 'new' AND "actor_user_id" IS NOT NULL);
