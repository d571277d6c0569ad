import { Form, useLocation } from "@remix-run/react";
import { Suspense, lazy, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { RootData } from "~/components/root-data";
import { localPath } from "~/lib/paths";
import { AccountMenu } from "~/components/office/AccountMenu";
import { Modal } from "./Modal";

// The login form (with its validation) loads only when someone opens it, so every page's
// first load stays small.
const LoginDialog = lazy(() => import("./LoginDialog"));
const RegistrationDialog = lazy(() => import("./RegistrationDialog"));

/** SPEC §4 logout confirm: 'you sure' with confirm, logout and cancel. */
function LogoutDialog({ lng, returnTo, onClose }: { lng: string; returnTo: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal labelledBy="logout-modal-title" onClose={onClose}>
      <h2 id="logout-modal-title" className="page-title">
        {t("auth.logoutSure")}
      </h2>
      <Form method="post" action={`/${lng}/logout`} className="form form--row" onSubmit={onClose}>
        <AuthenticityTokenInput />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button--primary">
          {t("auth.logoutConfirm")}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t("auth.logoutCancel")}
        </button>
      </Form>
    </Modal>
  );
}

export function AuthControls({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState<"login" | "logout" | "registration" | null>(null);
  const { lng } = root;
  const here = `${location.pathname}${location.search}`;
  const close = () => setOpen(null);
  // A navigation (e.g. after signing in) closes whatever was open.
  useEffect(() => setOpen(null), [location.key]);

  // The dialogs stay mounted when the user's state changes under them: a one-click
  // registration signs the player in while the modal still shows their credentials.
  const dialogs = (
    <>
      {open === "logout" ? <LogoutDialog lng={lng} returnTo={here} onClose={close} /> : null}
      {open === "registration" ? (
        <Suspense fallback={null}>
          <RegistrationDialog lng={lng} returnTo={here} onClose={close} />
        </Suspense>
      ) : null}
      {open === "login" ? (
        <Suspense fallback={null}>
          <LoginDialog lng={lng} returnTo={here} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );

  if (root.user) {
    return (
      <>
        <AccountMenu lng={lng} name={root.user.name ?? null} id={root.user.id} />
        <a
          className="button button--ghost"
          href={`${localPath(lng, "/logout")}?returnTo=${encodeURIComponent(here)}`}
          onClick={(e) => {
            e.preventDefault();
            setOpen("logout");
          }}
        >
          {t("auth.logout")}
        </a>
        {dialogs}
      </>
    );
  }
  return (
    <>
      <a
        className="button button--ghost"
        href={`${localPath(lng, "/login")}?returnTo=${encodeURIComponent(here)}`}
        onClick={(e) => {
          // On the login page itself the page is the form.
          if (location.pathname === localPath(lng, "/login")) return;
          e.preventDefault();
          setOpen("login");
        }}
      >
        {t("header.login")}
      </a>
      {root.registrationAllowed ? (
        <a
          className="button button--primary"
          href={localPath(lng, "/registration")}
          onClick={(e) => {
            // SPEC §4: the page, not the modal, with the custom registration config or on the
            // login and registration pages themselves.
            if (root.customRegistration || /\/(login|registration)(\/|$)/.test(location.pathname)) return;
            e.preventDefault();
            setOpen("registration");
          }}
        >
          {t("header.register")}
        </a>
      ) : null}
      {dialogs}
    </>
  );
}
