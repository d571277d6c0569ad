import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * The one-time age confirmation (SPEC §5). A modal over the page, so search bots still see
 * the whole page; a plain form, so it works without JavaScript.
 */
export function AgeGate({ age, lng, returnTo }: { age: number; lng: string; returnTo: string }) {
  const { t } = useTranslation();
  return (
    <div className="age-gate" role="dialog" aria-modal="true" aria-labelledby="age-gate-title">
      <Form method="post" action={`/${lng}/age-gate`} className="age-gate__card" reloadDocument>
        <span className="age-icon age-icon--large" aria-hidden="true">
          {t("footer.ageIcon", { age })}
        </span>
        <h2 id="age-gate-title">{t("ageGate.title")}</h2>
        <p>{t("ageGate.text", { age })}</p>
        <AuthenticityTokenInput />
        <input type="hidden" name="returnTo" value={returnTo} />
        <label className="checkbox">
          <input type="checkbox" name="remember" value="1" defaultChecked />
          <span>{t("ageGate.remember")}</span>
        </label>
        <div className="age-gate__actions">
          <button type="submit" className="button button--primary button--large">
            {t("ageGate.confirm", { age })}
          </button>
          <a className="button button--ghost button--large" href="https://www.gamblingtherapy.org/" rel="noopener noreferrer">
            {t("ageGate.leave", { age })}
          </a>
        </div>
      </Form>
    </div>
  );
}
