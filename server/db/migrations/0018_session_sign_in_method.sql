-- Issue 38: how a session's sign-in proved the person (password, passkey, google, facebook, code),
-- for the OpenID Connect ID token's acr and amr. Null for the sessions made before it.
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text;