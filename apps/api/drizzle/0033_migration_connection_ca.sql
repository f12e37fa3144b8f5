-- A saved database connection may carry the certificate (PEM) of the authority that signed its server's certificate,
-- for a server whose authority is a private one; it is used only with TLS on. A CA certificate is public, so it is
-- kept as written; empty when the server's certificate is signed by a publicly trusted authority.
ALTER TABLE "migration_connections" ADD COLUMN IF NOT EXISTS "tls_ca" text DEFAULT '' NOT NULL;
