import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Where notices appear (maintenance, inactivity, alerts). A live region, so screen readers
 * announce what is added; it holds nothing when there is nothing to say.
 */
export function NotificationArea({ children, placement }: { children?: ReactNode; placement: "top" | "corner" }) {
  const { t } = useTranslation();
  return (
    <div className={`notification-area notification-area--${placement}`} role="region" aria-label={t("a11y.notifications")} aria-live="polite">
      {children}
    </div>
  );
}
