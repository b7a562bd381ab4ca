CREATE TABLE "history_vehicle_days" (
	"organization_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"day" date NOT NULL,
	"journeys" integer DEFAULT 0 NOT NULL,
	"distance_km" double precision DEFAULT 0 NOT NULL,
	"driving_seconds" double precision DEFAULT 0 NOT NULL,
	"energy_used_kwh" double precision DEFAULT 0 NOT NULL,
	"charging_sessions" integer DEFAULT 0 NOT NULL,
	"energy_charged_kwh" double precision DEFAULT 0 NOT NULL,
	"energy_into_battery_kwh" double precision DEFAULT 0 NOT NULL,
	"has_reading" boolean DEFAULT false NOT NULL,
	"state_of_health_first" double precision,
	"state_of_health_first_at" timestamp (3) with time zone,
	"state_of_health_last" double precision,
	"state_of_health_last_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "history_vehicle_days_organization_id_vehicle_id_day_pk" PRIMARY KEY("organization_id","vehicle_id","day")
);
--> statement-breakpoint
CREATE TABLE "charging_tariffs" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL,
	"price_per_kwh" double precision NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_vehicle_days" ADD CONSTRAINT "history_vehicle_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_tariffs" ADD CONSTRAINT "charging_tariffs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_vehicle_days_org_day_idx" ON "history_vehicle_days" USING btree ("organization_id","day","vehicle_id","journeys","distance_km","driving_seconds","energy_used_kwh","charging_sessions","energy_charged_kwh","energy_into_battery_kwh");--> statement-breakpoint-- Hand-added: fills the rollup from the history already stored (lib/db/repos/history/rollup.ts, rebuildVehicleDays).
INSERT INTO "history_vehicle_days" ("organization_id", "vehicle_id", "day", "journeys", "distance_km", "driving_seconds", "energy_used_kwh",
  "charging_sessions", "energy_charged_kwh", "energy_into_battery_kwh", "has_reading", "state_of_health_first", "state_of_health_first_at",
  "state_of_health_last", "state_of_health_last_at", "updated_at")
SELECT organization_id, vehicle_id, day, sum(journeys)::int, sum(distance_km)::float8, sum(driving_seconds)::float8,
  sum(energy_used_kwh)::float8, sum(sessions)::int, sum(kwh_from_grid)::float8, sum(kwh_in_battery)::float8, bool_or(has_reading),
  max(soh), max(soh_at), max(soh), max(soh_at), now()
FROM (
  SELECT organization_id, vehicle_id, (started_at AT TIME ZONE 'UTC')::date AS day, count(*) AS journeys,
    coalesce(sum(distance_km), 0)::float8 AS distance_km,
    coalesce(sum(extract(epoch FROM (stopped_at - started_at))), 0)::float8 AS driving_seconds,
    coalesce(sum(energy_used_kwh), 0)::float8 AS energy_used_kwh, 0 AS sessions, 0::float8 AS kwh_from_grid,
    0::float8 AS kwh_in_battery, false AS has_reading, null::float8 AS soh, null::timestamptz AS soh_at
  FROM "history_journeys" GROUP BY 1, 2, 3
  UNION ALL
  SELECT organization_id, vehicle_id, (started_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, count(*),
    coalesce(sum(kwh_from_grid), 0)::float8, coalesce(sum(kwh_in_battery), 0)::float8, false, null, null
  FROM "history_charging_sessions" GROUP BY 1, 2, 3
  UNION ALL
  SELECT organization_id, vehicle_id, day, 0, 0, 0, 0, 0, 0, 0, true, state_of_health, state_of_health_at
  FROM "history_daily_readings"
) x
GROUP BY 1, 2, 3;
