-- The sign-in provider's records are keyed by a hash of their id, never the id itself (issue 36):
-- refresh tokens, authorization codes and session ids are bearer secrets, and a copy of this table
-- (a backup, a stolen volume) must not give them away (OAuth 2.0 Security BCP, RFC 9700 §4.14;
-- Auth0 stores refresh tokens hashed). The ids are 256-bit random strings: an unsalted SHA-256 is
-- enough (no dictionary to try). The payload's own copy of the id (`jti`) goes too.
UPDATE oidc_payloads
SET id = encode(sha256(convert_to(id, 'UTF8')), 'hex'),
    uid = CASE WHEN uid IS NULL THEN NULL ELSE encode(sha256(convert_to(uid, 'UTF8')), 'hex') END,
    user_code = CASE WHEN user_code IS NULL THEN NULL ELSE encode(sha256(convert_to(user_code, 'UTF8')), 'hex') END,
    payload = payload - 'jti';
