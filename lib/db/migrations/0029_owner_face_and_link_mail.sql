CREATE TABLE "organization_faces" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text,
	"support_email" text,
	"support_phone" text,
	"privacy_url" text,
	"logo_id" uuid,
	"logo_type" text,
	"logo_base64" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_links" ADD COLUMN "mailed_to" text;--> statement-breakpoint
ALTER TABLE "consent_links" ADD COLUMN "mailed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "consent_links" ADD COLUMN "first_opened_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "organization_faces" ADD CONSTRAINT "organization_faces_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_faces_logo_key" ON "organization_faces" USING btree ("logo_id");