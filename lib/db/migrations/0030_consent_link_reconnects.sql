ALTER TABLE "consent_links" ADD COLUMN "reconnects_account_id" text;--> statement-breakpoint
ALTER TABLE "consent_links" ADD COLUMN "reconnects_vehicle_id" text;