-- Access Management. SAML 2.0 identity provider (decision 0063). An application may register one SAML service
-- provider beside its OpenID Connect client: its entity id, where assertions go (the ACS URL, matched exactly), its
-- certificates (signing: checks its requests; encryption: assertions are encrypted to it), the NameID it wants and
-- the attributes released to it.
CREATE TABLE "saml_service_providers" (
	"application_id" uuid PRIMARY KEY NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"entity_id" text NOT NULL,
	"acs_url" text NOT NULL,
	"slo_url" text,
	"signing_certificate" text,
	"encryption_certificate" text,
	"requires_signed_requests" boolean DEFAULT false NOT NULL,
	"name_id_format" text NOT NULL,
	"released_attributes" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saml_service_providers_entity_id_unique" ON "saml_service_providers" USING btree ("entity_id");
--> statement-breakpoint
-- The identity provider's signing key (sealed like the OpenID Connect keys) and its self-signed certificate, which
-- the metadata publishes. The newest one signs.
CREATE TABLE "saml_signing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"certificate" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A sign-in a service provider asked for (or the identity provider started), waiting for the console to answer it:
-- the same kind of pending request as an OpenID Connect interaction. The request id of the service provider is
-- unique per provider, so a replayed request is refused; the answer is delivered once, to the browser that brought
-- the request (its cookie's digest is kept).
CREATE TABLE "saml_requests" (
	"uid" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"request_id" text,
	"relay_state" text,
	"force_authn" boolean DEFAULT false NOT NULL,
	"browser_hash" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE CASCADE,
	"console_session_id" uuid,
	"answered_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saml_requests_request_id_unique" ON "saml_requests" USING btree ("application_id", "request_id");
--> statement-breakpoint
CREATE INDEX "saml_requests_expires_idx" ON "saml_requests" USING btree ("expires_at");
--> statement-breakpoint
-- A user's sign-in at a service provider (its SessionIndex and NameID), tied to the console session that answered:
-- single logout from the service provider ends that console session, and signing out of the console ends these.
CREATE TABLE "saml_sessions" (
	"session_index" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"console_session_id" uuid,
	"name_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saml_sessions_user_idx" ON "saml_sessions" USING btree ("user_id");
