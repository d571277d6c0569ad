import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import en from "~/i18n/locales/en/common.json";
import { ForgotPasswordModal } from "./ForgotPasswordModal";

async function render(lng: string, closeHref: string) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { common: en } }, defaultNS: "common", interpolation: { escapeValue: false } });
  const handler = createStaticHandler([{ path: "*", element: <ForgotPasswordModal lng={lng} closeHref={closeHref} /> }]);
  const context = await handler.query(new Request(`http://site.test/${lng}?showForgotPasswordModal=1`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <AuthenticityTokenProvider token="test-token">
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AuthenticityTokenProvider>
    </I18nextProvider>,
  );
}

describe("ForgotPasswordModal", () => {
  it("is an open dialog whose plain form posts step 1 to the password-reset page", async () => {
    const html = await render("en", "/en");
    expect(html).toMatch(/<dialog open=""[^>]*aria-labelledby="forgot-modal-title"/);
    expect(html).toContain("Forgot your password?");
    expect(html).toMatch(/<form method="post" action="\/en\/user\/passwordreset"/);
    expect(html).toContain('<input type="hidden" name="intent" value="forgot"/>');
    expect(html).toMatch(/name="login"/);
    expect(html).toContain("Send the code");
    expect(html).toContain('name="csrf" value="test-token"');
  });

  it("closes with a link to the page without the flag, so it works without JavaScript", async () => {
    const html = await render("ru", "/ru?tab=live");
    expect(html).toMatch(/<a(?=[^>]*href="\/ru\?tab=live")(?=[^>]*aria-label="Close")[^>]*>/);
    expect(html).toMatch(/action="\/ru\/user\/passwordreset"/);
  });
});
