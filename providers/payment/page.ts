// The provider's hosted payment page: its own look (not the site's), inline CSS, no script and no
// outside asset, so it works in any browser with JavaScript off; one form whose buttons are the
// tester's choice of outcome.

export type ProviderStatus = "awaiting" | "pending" | "success" | "failed" | "cancelled";

export interface PageInput {
  id: string;
  kind: "deposit" | "payout";
  amount: number;
  currency: string;
  method: string;
  merchant: string;
  status: ProviderStatus;
  /** Where the bettor goes back to once the payment is final (the matching return page). */
  returnUrl: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** Minor units as the currency writes them, e.g. 1,500.00 RUB (every currency here has two decimals). */
export function formatAmount(amount: number, currency: string): string {
  const whole = Math.trunc(amount / 100).toLocaleString("en-US");
  const cents = String(amount % 100).padStart(2, "0");
  return `${whole}.${cents} ${currency}`;
}

const METHOD_NAMES: Record<string, string> = { card: "Bank card", ewallet: "E-wallet", bank: "Bank transfer" };

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#eef1f6;color:#1c2330;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;align-items:center;justify-content:center;padding:24px}
main{width:100%;max-width:420px;background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(20,30,60,.12);overflow:hidden}
header{background:#1d3c78;color:#fff;padding:18px 24px;display:flex;align-items:center;justify-content:space-between}
.brand{font-weight:700;letter-spacing:.02em;font-size:18px}
.secure{font-size:13px;opacity:.85}
section{padding:24px}
h1{font-size:15px;font-weight:500;color:#5a6478;margin:0 0 4px}
.amount{font-size:32px;font-weight:700;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 24px;font-size:14px}
dt{color:#5a6478}dd{margin:0;text-align:right;word-break:break-all}
.actions{display:grid;gap:10px}
button,.back{display:block;width:100%;padding:12px 16px;border-radius:8px;border:1px solid transparent;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#1f8a4c;color:#fff}.fail{background:#fff;color:#b3261e;border-color:#e3b5b1}
.pending{background:#fff;color:#1d3c78;border-color:#b9c6e3}.cancel{background:#f1f3f7;color:#3b4457}
.back{background:#1d3c78;color:#fff}
button:focus-visible,.back:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.status{padding:10px 12px;border-radius:8px;background:#f1f3f7;margin:0 0 20px;font-size:14px}
footer{padding:12px 24px;border-top:1px solid #e5e8ef;font-size:12px;color:#6b7486}
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><span class="brand">Paylane</span><span class="secure">Secure checkout · test mode</span></header>
${body}
<footer>Paylane is a test payment provider: no real money moves.</footer>
</main>
</body>
</html>
`;
}

const STATUS_TEXT: Record<ProviderStatus, string> = {
  awaiting: "Waiting for your choice",
  pending: "Processing",
  success: "Paid",
  failed: "Declined",
  cancelled: "Cancelled",
};

/** The page of one payment: the choice while it is open, its outcome and the way back once final. */
export function paymentPage(p: PageInput): string {
  const amount = formatAmount(p.amount, p.currency);
  const what = p.kind === "deposit" ? `Payment to ${p.merchant}` : `Payout from ${p.merchant}`;
  const details = `<dl>
<dt>Merchant</dt><dd>${escapeHtml(p.merchant)}</dd>
<dt>Method</dt><dd>${escapeHtml(METHOD_NAMES[p.method] ?? p.method)}</dd>
<dt>Transaction</dt><dd>${escapeHtml(p.id)}</dd>
<dt>Status</dt><dd>${STATUS_TEXT[p.status]}</dd>
</dl>`;
  const open = p.status === "awaiting" || p.status === "pending";
  const buttons = open
    ? `<form method="post" action="/pay/${encodeURIComponent(p.id)}" class="actions">
<button type="submit" name="outcome" value="success" class="pay">${p.kind === "deposit" ? `Pay ${amount}` : `Confirm payout of ${amount}`}</button>
<button type="submit" name="outcome" value="fail" class="fail">Decline (payment fails)</button>
${p.status === "awaiting" ? `<button type="submit" name="outcome" value="pending" class="pending">Leave it processing (pending)</button>
<button type="submit" name="outcome" value="cancel" class="cancel">Cancel and return to ${escapeHtml(p.merchant)}</button>` : ""}
</form>`
    : p.returnUrl
      ? `<p class="status" role="status">This ${p.kind === "deposit" ? "payment" : "payout"} is final: ${STATUS_TEXT[p.status].toLowerCase()}.</p>
<a class="back" href="${escapeHtml(p.returnUrl)}">Return to ${escapeHtml(p.merchant)}</a>`
      : "";
  const pendingNote = p.status === "pending" ? `<p class="status" role="status">The bank is still processing this ${p.kind === "deposit" ? "payment" : "payout"}: finish it below.</p>` : "";
  return layout(`${what}: ${amount} — Paylane`, `<section>
<h1>${escapeHtml(what)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
${pendingNote}${details}
${buttons}
</section>`);
}

export function notFoundPage(): string {
  return layout("Payment not found — Paylane", `<section>
<h1>Payment not found</h1>
<p>This payment link is unknown or has expired. Go back to the shop and start the payment again.</p>
</section>`);
}

export function unavailablePage(): string {
  return layout("Temporarily unavailable — Paylane", `<section>
<h1>Temporarily unavailable</h1>
<p>Paylane cannot take payments right now. Please try again in a few minutes.</p>
</section>`);
}
