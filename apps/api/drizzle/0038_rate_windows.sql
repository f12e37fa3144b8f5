-- Rate limits counted in the database, so that every API process behind a load balancer counts the same attempts
-- (issue "several processes"): one fixed window per limiter and key. The key is a SHA-256 digest of what is counted
-- (an address, an account's email, a user): no address or email is stored.
CREATE TABLE "rate_windows" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_windows_pkey" PRIMARY KEY ("scope", "key_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_windows_started_idx" ON "rate_windows" USING btree ("scope", "started_at");
