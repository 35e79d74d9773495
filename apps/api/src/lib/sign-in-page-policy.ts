import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

// The sign-in pages' Content-Security-Policy: the security-headers plugin reports to the path, the
// identity adapter's pages use the policy; both import it from here, below them.

/** Where browsers send Content-Security-Policy violation reports (outside /api/v1, like /healthz). */
export const cspReportPath = '/csp-report';

/** The sign-in pages' stricter policy: their one inline <style> (and <script>) carries this response's nonce. */
function signInPageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `report-uri ${cspReportPath}`,
  ].join('; ');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh nonce for the HTML this response renders (sign-in pages). */
    cspNonce?: string;
  }
}

/** Gives the request a nonce and puts the sign-in page policy on its response. */
export function useSignInPagePolicy(request: FastifyRequest, setHeader: (name: string, value: string) => void) {
  const nonce = crypto.randomBytes(16).toString('base64');
  request.cspNonce = nonce;
  (request.raw as { cspNonce?: string }).cspNonce = nonce;
  setHeader('content-security-policy', signInPageCsp(nonce));
}
