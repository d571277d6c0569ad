import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { CAPTCHA_PICTURES_PER_ADDRESS } from "../domain/auth-limits.ts";
import { createCaptcha, validateCaptcha } from "../domain/captcha.ts";
import { hitIfUnder } from "../domain/rate-limits.ts";
import { clientAddress, parseJsonBody, rateLimited } from "./http.ts";

const validateBody = z.object({ id: z.string().min(1).max(128), answer: z.string().max(32) });

/** /captcha-api (SPEC §7 "Captcha API"): a picture, its check, and the server clock. */
export function captchaApi(db: Db) {
  const app = new Hono();

  app.get("/update", async (c) => {
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    // Every picture is a stored row: bound how fast one client can make them.
    const { max, windowSeconds } = CAPTCHA_PICTURES_PER_ADDRESS;
    const slot = await hitIfUnder(db, "captcha_update:address", address.data, windowSeconds, max);
    if (!slot.allowed) return rateLimited(c, slot.retryAfterSeconds, "captchas from this address");
    c.header("cache-control", "no-store");
    return c.json(await createCaptcha(db, address.data));
  });

  app.post("/validate", async (c) => {
    const parsed = await parseJsonBody(c, validateBody);
    if (!parsed.ok) return parsed.response;
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    return c.json(await validateCaptcha(db, address.data, parsed.data.id, parsed.data.answer));
  });

  app.get("/gettime", (c) => c.json({ time: Math.floor(Date.now() / 1000) }));

  return app;
}
