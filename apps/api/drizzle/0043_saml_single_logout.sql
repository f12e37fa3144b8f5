-- Access Management. Single logout to every SAML service provider (decision 0073). When a user signs out of the
-- console, or a service provider sends a LogoutRequest, every other service provider holding a session of that
-- console session (the SessionIndex recorded when its assertion was delivered) is sent a signed LogoutRequest through
-- the browser, one after another; then the browser goes back to where the logout started. A row is one such logout
-- on its way: who started it (a service provider's request, answered at the end with a LogoutResponse; none for the
-- console), the sessions still to end, and the request now out at a provider, matched by its answer's InResponseTo.
CREATE TABLE "saml_logouts" (
	"uid" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"initiator_application_id" uuid REFERENCES "applications"("id") ON DELETE CASCADE,
	"initiator_request_id" text,
	"relay_state" text,
	"pending" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_application_id" uuid,
	"current_request_id" text,
	"partial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saml_logouts_current_request_unique" ON "saml_logouts" USING btree ("current_request_id");
--> statement-breakpoint
CREATE INDEX "saml_logouts_expires_idx" ON "saml_logouts" USING btree ("expires_at");
