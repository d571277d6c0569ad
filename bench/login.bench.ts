// Login latency through the site: the login form posted as a browser without JavaScript
// would (CSRF token, then the POST that answers the redirect with the new session cookie).
import { CookieJar, csrfToken, getPage, postForm } from "../tests/support/forms";
import { hooks } from "../tests/support/hooks";
import { startStack } from "../tests/support/stack";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const stack = await startStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-bench-ip" } });
try {
  const h = hooks(stack.platformUrl);
  await h.createUser({ email: "bench@example.com", password: "Secret123" });
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const jar = new CookieJar();
    const ip = { "x-bench-ip": `198.18.0.${(i % 250) + 1}` };
    const { html } = await getPage(stack.siteUrl, "/en/login", jar, ip);
    const started = performance.now();
    const res = await postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken(html), formType: "login_password", step: "credentials", uLogin: "bench@example.com", uPassword: "Secret123" }, ip);
    const ms = performance.now() - started;
    if (res.status !== 302) throw new Error(`login answered ${res.status}`);
    if (i >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
  console.log(`login (e-mail and password, through the site): median ${at(0.5)} ms, p90 ${at(0.9)} ms over ${RUNS} logins`);
} finally {
  await stack.stop();
}
