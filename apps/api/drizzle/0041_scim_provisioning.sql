-- Access Management. SCIM 2.0 provisioning out (decision 0065). An application may ask for its users and roles to be
-- pushed to its SCIM endpoint: the base URL and a bearer token (sealed like the other secrets, never returned). What
-- was pushed is remembered per resource (the id the application gave it, the last representation sent), and each
-- attempt is written to a delivery log: application, resource type, our id, operation, HTTP status, a short outcome
-- and the attempt. The log holds no token and no personal data beyond the email.
CREATE TABLE "scim_targets" (
	"application_id" uuid PRIMARY KEY NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"enabled" boolean DEFAULT false NOT NULL,
	"base_url" text NOT NULL,
	"token_sealed" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "scim_resources" (
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"resource_type" text NOT NULL,
	"local_id" uuid NOT NULL,
	"remote_id" text NOT NULL,
	"pushed" jsonb NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("application_id", "resource_type", "local_id")
);
--> statement-breakpoint
CREATE TABLE "scim_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"resource_type" text NOT NULL,
	"local_id" uuid NOT NULL,
	"email" text,
	"operation" text NOT NULL,
	"http_status" integer,
	"outcome" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scim_deliveries_application_at" ON "scim_deliveries" USING btree ("application_id", "at" DESC, "seq" DESC);
--> statement-breakpoint
-- A change that queues a push writes a marker in its own transaction; the push is queued once the marker is seen
-- (committed), and the marker removed.
CREATE TABLE "scim_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL
);
