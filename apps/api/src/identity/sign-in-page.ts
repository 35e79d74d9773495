const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The built-in provider's sign-in page. Plain HTML served by the API, styled like the portal
 * (same colours, font and card) so signing in does not feel like leaving the product.
 */
export function renderSignInPage(options: { action: string; email?: string; error?: string; nonce?: string }): string {
  const error = options.error
    ? `<div class="alert" role="alert" id="sign-in-error">${escapeHtml(options.error)}</div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Auscura</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style${options.nonce ? ` nonce="${escapeHtml(options.nonce)}"` : ''}>
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font-family: Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; background: #f6f8f9; color: #17242a; display: flex; flex-direction: column; }
  header { height: 76px; display: flex; align-items: center; padding: 0 32px; background: #fff; border-bottom: 1px solid #e0e6e8; }
  .logo { display: inline-flex; align-items: center; gap: 10px; font-size: 21px; font-weight: 700; letter-spacing: 0.02em; color: #0b3c49; text-decoration: none; }
  .logo svg { width: 32px; height: 32px; }
  main { flex: 1; display: flex; align-items: center; justify-content: center; padding: 32px 16px; }
  .card { width: 100%; max-width: 400px; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(11, 60, 73, 0.08); border: 1px solid #e0e6e8; padding: 32px; }
  h1 { font-size: 28px; font-weight: 700; margin: 0 0 8px; }
  p.lead { margin: 0 0 24px; color: #4b5a61; }
  label { display: block; font-size: 14px; font-weight: 600; margin: 16px 0 6px; }
  input { width: 100%; font: inherit; padding: 12px 14px; border: 1px solid #b8c0cc; border-radius: 8px; }
  input:focus { outline: 3px solid #f2a900; outline-offset: 1px; border-color: #0b5c6b; }
  button { margin-top: 24px; width: 100%; font: inherit; font-weight: 600; padding: 12px; border: 0; border-radius: 8px; background: #0b5c6b; color: #fff; cursor: pointer; }
  button:hover { background: #084652; }
  button:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
  .alert { margin: 0 0 8px; padding: 12px 14px; border-radius: 8px; background: #fdecea; color: #7a1a12; border: 1px solid #f5c2bc; }
  footer { padding: 16px 32px; font-size: 13px; color: #4b5a61; display: flex; gap: 16px; }
  footer a { color: #0b5c6b; }
</style>
</head>
<body>
<header><a class="logo" href="/" aria-label="Auscura home"><svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#0b5c6b"/><path d="M4 17h6l2.5-6 4 12 3-9 2 3H28" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>Auscura</a></header>
<main>
  <div class="card">
    <h1>Sign in</h1>
    <p class="lead">Sign in to review your patients' exams.</p>
    ${error}
    <form method="post" action="${escapeHtml(options.action)}" novalidate>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required maxlength="120" value="${escapeHtml(options.email ?? '')}"${options.email ? '' : ' autofocus'}>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128"${options.email ? ' autofocus' : ''}>
      <button type="submit">Sign in</button>
    </form>
  </div>
</main>
<footer><a href="/support">Support</a><a href="/privacy">Privacy Policy</a><a href="/terms">Terms of Service</a></footer>
</body>
</html>`;
}
