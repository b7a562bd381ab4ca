CREATE TABLE "unoffered_commands" (
	"organization_id" uuid NOT NULL,
	"command" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"upstream_request_id" text,
	"learned_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unoffered_commands_organization_id_command_pk" PRIMARY KEY("organization_id","command")
);
--> statement-breakpoint
ALTER TABLE "unoffered_commands" ADD CONSTRAINT "unoffered_commands_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;