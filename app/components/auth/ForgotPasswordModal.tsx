import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { localPath } from "~/lib/paths";
import { Icon } from "./AuthCard";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * The forgot-password modal the home page shows guests with `?showForgotPasswordModal=1`
 * (SPEC §2, §6). It is step 1 of user/passwordreset, posting there; closing it is a link to
 * the page without the flag (`closeHref`), so it works without JavaScript, and Escape closes
 * it with JavaScript.
 */
export function ForgotPasswordModal({ lng, closeHref }: { lng: string; closeHref: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") document.getElementById("forgot-modal-close")?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className="forgot-modal">
      <Link to={closeHref} className="forgot-modal__backdrop" tabIndex={-1} aria-hidden="true" preventScrollReset />
      <dialog open className="forgot-modal__dialog" aria-modal="true" aria-labelledby="forgot-modal-title">
        <Link id="forgot-modal-close" to={closeHref} className="forgot-modal__close" aria-label={t("passwordReset.modal.close")} preventScrollReset>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Link>
        <div className="account-card__badge">
          <Icon name="key" size={28} />
        </div>
        <h2 id="forgot-modal-title" className="account-card__title">
          {t("passwordReset.title")}
        </h2>
        <p className="account-card__lead">{t("passwordReset.lead")}</p>
        {/* A plain form: the home page must not carry the reset page's form library, and the
            reset page checks the login and shows any error next to its own form. */}
        <Form method="post" action={localPath(lng, "/user/passwordreset")} className="form">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="forgot" />
          <div className="field">
            <label className="field__label" htmlFor="forgot-password-modal-login">
              {t("passwordReset.loginLabel")}
            </label>
            <input
              id="forgot-password-modal-login"
              name="login"
              required
              maxLength={254}
              autoComplete="username"
              placeholder={t("passwordReset.loginPlaceholder")}
              // The modal opens on purpose (the flag in the URL): the field is where to type.
              autoFocus
            />
          </div>
          <button type="submit" className="button button--primary button--large">
            {t("passwordReset.sendCode")}
          </button>
        </Form>
        <p className="forgot-modal__foot muted">
          {t("passwordReset.remembered")} <a href={localPath(lng, "/login")}>{t("passwordReset.logIn")}</a>
        </p>
      </dialog>
    </div>
  );
}
