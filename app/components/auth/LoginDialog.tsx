import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LoginFormType } from "~/forms/login";
import { localPath } from "~/lib/paths";
import { type LoginPanelProps, type LoginState, LoginPanel, firstStep } from "./LoginPanel";
import { Modal } from "./Modal";

type LoginPageData = { state: LoginState; phoneCodes: LoginPanelProps["phoneCodes"]; returnTo: string; registration: boolean };
type LoginActionData = { lastResult: LoginPanelProps["lastResult"]; state: LoginState; captcha: LoginPanelProps["captcha"]; info: string | null };

/** The login form in a modal (JavaScript on); without JavaScript the link opens the page. */
export default function LoginDialog({ lng, returnTo, onClose }: { lng: string; returnTo: string; onClose: () => void }) {
  const { t } = useTranslation();
  const page = useFetcher<LoginPageData>();
  const submit = useFetcher<LoginActionData>();
  const [formType, setFormType] = useState<LoginFormType | null>(null);
  const load = useRef(page.load);
  load.current = page.load;
  useEffect(() => {
    load.current(`/${lng}/login?returnTo=${encodeURIComponent(returnTo)}`);
  }, [lng, returnTo]);
  const fromAction = submit.data && (!formType || submit.data.state.formType === formType) ? submit.data : null;
  const state: LoginState = fromAction?.state ?? (formType ? { formType, step: firstStep(formType) } : (page.data?.state ?? { formType: "login_password", step: "credentials" }));
  return (
    <Modal labelledBy="login-modal-title" onClose={onClose}>
      <h2 id="login-modal-title" className="page-title">
        {t("auth.loginTitle")}
      </h2>
      {page.data ? (
        <LoginPanel
          lng={lng}
          state={state}
          phoneCodes={page.data.phoneCodes}
          returnTo={returnTo}
          lastResult={fromAction?.lastResult}
          captcha={fromAction?.captcha}
          info={fromAction?.info}
          busy={submit.state !== "idle"}
          FormComponent={submit.Form}
          onSelectForm={(type) => setFormType(type)}
          registrationHref={page.data.registration ? localPath(lng, "/registration") : null}
        />
      ) : (
        <p className="muted" role="status">
          {t("auth.loading")}
        </p>
      )}
    </Modal>
  );
}

