import { useEffect } from "react";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: Record<string, unknown>): void;
      prompt(): void;
    };
  };
}

/**
 * The one-tap social sign-in prompt for guests (SPEC §1, §6). The provider's script draws
 * the prompt and posts the credential to our login/google-one-tap route (redirect mode, so it
 * needs no script of ours afterwards). Loaded after hydration only, and only when configured.
 */
export function OneTapPrompt(props: { lng: string; clientId: string; scriptUrl: string }) {
  const { lng, clientId, scriptUrl } = props;
  useEffect(() => {
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      google?.accounts.id.initialize({
        client_id: clientId,
        login_uri: `${window.location.origin}/${lng}/login/google-one-tap`,
        ux_mode: "redirect",
        cancel_on_tap_outside: true,
      });
      google?.accounts.id.prompt();
    };
    document.head.append(script);
    return () => script.remove();
  }, [lng, clientId, scriptUrl]);
  return null;
}
