CREATE TABLE "vehicle_snapshots" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"vin" text,
	"make" text,
	"model" text,
	"registration_plate" text,
	"is_listening" boolean DEFAULT true NOT NULL,
	"connection_status" text,
	"last_seen_at" timestamp (3) with time zone,
	"listed_at" timestamp (3) with time zone NOT NULL,
	"state_of_charge" double precision,
	"state_of_charge_at" timestamp (3) with time zone,
	"range_km" double precision,
	"range_at" timestamp (3) with time zone,
	"odometer_km" double precision,
	"odometer_at" timestamp (3) with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"location_at" timestamp (3) with time zone,
	"charging_state" text,
	"charge_port_door_open" boolean,
	"charging_at" timestamp (3) with time zone,
	"locked" boolean,
	"locked_at" timestamp (3) with time zone,
	"tire_min_kpa" double precision,
	"tires_at" timestamp (3) with time zone,
	"fetched_at" timestamp (3) with time zone,
	"budget_max" integer,
	"budget_window_seconds" integer,
	"budget_read_at" timestamp (3) with time zone,
	"last_error" text,
	"last_error_at" timestamp (3) with time zone,
	CONSTRAINT "vehicle_snapshots_organization_id_vehicle_id_pk" PRIMARY KEY("organization_id","vehicle_id")
);
--> statement-breakpoint
ALTER TABLE "vehicle_snapshots" ADD CONSTRAINT "vehicle_snapshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_snapshots_org_fetched_idx" ON "vehicle_snapshots" USING btree ("organization_id","fetched_at");--> statement-breakpoint
CREATE INDEX "vehicle_snapshots_org_seen_idx" ON "vehicle_snapshots" USING btree ("organization_id","last_seen_at");