CREATE TABLE "rate_windows" (
	"rule" text NOT NULL,
	"key" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_windows_rule_key_pk" PRIMARY KEY("rule","key")
);
--> statement-breakpoint
CREATE INDEX "rate_windows_started_idx" ON "rate_windows" USING btree ("started_at");