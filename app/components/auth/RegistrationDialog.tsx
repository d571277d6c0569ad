import { useFetcher } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CredentialsScreen } from "./CredentialsScreen";
import type { RegistrationSlug } from "~/forms/account";
import { Modal } from "./Modal";
import { type RegistrationPageData, RegistrationForm, RegistrationTabs } from "./RegistrationForm";

type PageData = RegistrationPageData & { companyName: string; loginUrl: string };
type ActionData =
  | { kind: "form"; result: SubmissionResult<string[]>; retryAfterMinutes?: number }
  | { kind: "credentials"; login: string; password: string; continueTo: string; email: null };

/**
 * Registration in a modal 95% wide (SPEC §4), when JavaScript runs: the registration page's
 * own form and action, through fetchers. A one-click player sees the credentials here; the
 * other types finish by the action's redirect.
 */
export default function RegistrationDialog({ lng, returnTo, onClose }: { lng: string; returnTo: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [slug, setSlug] = useState<RegistrationSlug>("fast");
  const page = useFetcher<PageData>();
  const submit = useFetcher<ActionData>();
  const load = useRef(page.load);
  load.current = page.load;
  useEffect(() => {
    load.current(`/${lng}/registration/${slug}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`);
  }, [lng, slug, returnTo]);
  const result = submit.data;
  return (
    <Modal labelledBy="registration-modal-title" onClose={onClose} wide>
      <h2 id="registration-modal-title" className="reg__title">
        {t("registration.title")}
      </h2>
      {result?.kind === "credentials" && page.data ? (
        <CredentialsScreen
          login={result.login}
          password={result.password}
          continueTo={result.continueTo}
          companyName={page.data.companyName}
          loginUrl={page.data.loginUrl}
          email={null}
        />
      ) : page.data ? (
        <>
          <RegistrationTabs lng={lng} current={page.data.slug} returnTo={returnTo} onSelect={setSlug} />
          <RegistrationForm
            key={page.data.slug}
            page={page.data}
            lastResult={result?.kind === "form" ? result.result : undefined}
            retryAfterMinutes={result?.kind === "form" ? result.retryAfterMinutes : undefined}
            FormComponent={submit.Form}
            pending={submit.state !== "idle"}
          />
        </>
      ) : (
        <p className="muted" role="status">
          {t("auth.loading")}
        </p>
      )}
    </Modal>
  );
}
