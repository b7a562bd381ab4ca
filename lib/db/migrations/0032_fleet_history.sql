CREATE TABLE "history_charging_sessions" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"session_id" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"duration_seconds" double precision,
	"latitude" double precision,
	"longitude" double precision,
	"kwh_from_grid" double precision,
	"kwh_in_battery" double precision,
	"start_soc" double precision,
	"end_soc" double precision,
	"external_temperature" double precision,
	"kw_median" double precision,
	"gathered_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "history_charging_sessions_organization_id_vehicle_id_session_id_pk" PRIMARY KEY("organization_id","vehicle_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "history_daily_readings" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"day" date NOT NULL,
	"odometer_km" double precision,
	"state_of_charge" double precision,
	"state_of_charge_at" timestamp (3) with time zone,
	"state_of_health" double precision,
	"state_of_health_at" timestamp (3) with time zone,
	"range_km" double precision,
	"range_at" timestamp (3) with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"position_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "history_daily_readings_organization_id_vehicle_id_day_pk" PRIMARY KEY("organization_id","vehicle_id","day")
);
--> statement-breakpoint
CREATE TABLE "history_gathering" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"cursor_at" timestamp (3) with time zone,
	"covered_from" timestamp (3) with time zone,
	"complete_at" timestamp (3) with time zone,
	"walk_started_at" timestamp (3) with time zone,
	"walk_newest_at" timestamp (3) with time zone,
	"walk_oldest_at" timestamp (3) with time zone,
	"window_start" timestamp (3) with time zone,
	"calls_in_window" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "history_gathering_organization_id_vehicle_id_kind_pk" PRIMARY KEY("organization_id","vehicle_id","kind"),
	CONSTRAINT "history_gathering_kind_check" CHECK (kind in ('journeys', 'charging')),
	CONSTRAINT "history_gathering_status_check" CHECK (status in ('ok', 'no_consent', 'disconnected', 'not_listening', 'error'))
);
--> statement-breakpoint
CREATE TABLE "history_journeys" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"journey_id" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"stopped_at" timestamp (3) with time zone,
	"distance_km" double precision,
	"odometer_start_km" double precision,
	"odometer_end_km" double precision,
	"energy_used_kwh" double precision,
	"soc_start" double precision,
	"soc_end" double precision,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"stop_latitude" double precision,
	"stop_longitude" double precision,
	"gathered_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "history_journeys_organization_id_vehicle_id_journey_id_pk" PRIMARY KEY("organization_id","vehicle_id","journey_id")
);
--> statement-breakpoint
ALTER TABLE "history_charging_sessions" ADD CONSTRAINT "history_charging_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_daily_readings" ADD CONSTRAINT "history_daily_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_gathering" ADD CONSTRAINT "history_gathering_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_journeys" ADD CONSTRAINT "history_journeys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_charging_org_started_idx" ON "history_charging_sessions" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "history_charging_vehicle_started_idx" ON "history_charging_sessions" USING btree ("organization_id","vehicle_id","started_at");--> statement-breakpoint
CREATE INDEX "history_daily_readings_org_day_idx" ON "history_daily_readings" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "history_journeys_org_started_idx" ON "history_journeys" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "history_journeys_vehicle_started_idx" ON "history_journeys" USING btree ("organization_id","vehicle_id","started_at");