import { useRouteLoaderData } from "@remix-run/react";
import type { HeaderBalance } from "~/loaders/balance.server";
import type { RouteId } from "~/route-ids";

/**
 * What the root's loader gives every page and the shell's components (app/root.tsx builds it,
 * `satisfies` this): the one module both read, so no component imports the root itself
 * (docs/ARCHITECTURE.md "Layers").
 */
export interface RootData {
  lng: string;
  dir: "ltr" | "rtl";
  path: string;
  search: string;
  languages: { code: string; name: string }[];
  companyName: string;
  themeColor: string;
  brandCss: string;
  ageLimit: number;
  socialLinks: { name: string; link: string; iconName: string }[];
  seoText: { title: string; text: string } | null;
  registrationAllowed: boolean;
  customRegistration: boolean;
  year: number;
  seoBlockTitle: string;
  csrf: string;
  user: { id: number; name: string | null; hiddenSports: { line: number[]; live: number[] } } | null;
  /** The header's balance: signed-in bettors only, null when the platform cannot say. */
  balance: HeaderBalance | null;
  /** The platform could not say what the balance is: the header says so in place (decision 063). */
  balanceUnavailable: boolean;
  /** The age to confirm before the page shows, or null. */
  ageGate: number | null;
  maintenanceNotice: { startedAt: string; endedAt: string } | null;
  timeZone: number;
  /** Search bots get no timers (SPEC §4): no session poll, no idle tracking. */
  isBot: boolean;
  oneTap: { clientId: string; scriptUrl: string } | null;
  inactiveMinutes: number;
  registrationReminder: { delay: number; interval: number };
  inactivityNotice: boolean;
  /** Error boundaries' meta cannot translate: their titles come ready. */
  errorTitles: { notFound: string; error: string };
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root" satisfies RouteId) as RootData | undefined;
}
