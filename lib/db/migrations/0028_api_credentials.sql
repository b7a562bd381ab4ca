CREATE TABLE "api_credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scope" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"allowed_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"rate_tokens" double precision NOT NULL,
	"rate_refilled_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "api_credentials_scope_valid" CHECK (scope in ('read', 'manage', 'custom')),
	CONSTRAINT "api_credentials_rate_positive" CHECK ("api_credentials"."rate_per_minute" > 0)
);
--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_credentials_secret_hash_key" ON "api_credentials" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_credentials_prefix_key" ON "api_credentials" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_credentials_org_created_idx" ON "api_credentials" USING btree ("organization_id","created_at" DESC NULLS LAST);