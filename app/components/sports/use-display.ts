import { useMatches } from "@remix-run/react";
import type { RouteId } from "~/route-ids";
import { type DisplaySettings, defaultDisplay } from "~/sports/display";

const FALLBACK = defaultDisplay({ coefFormat: "decimal", appViewType: 0 });

/** The display settings the `/:lng` loader read (cookie or platform); the defaults outside it (error pages). */
export function useDisplay(): DisplaySettings {
  const data = useMatches().find((m) => m.id === ("lng" satisfies RouteId))?.data as { display?: DisplaySettings } | undefined;
  return data?.display ?? FALLBACK;
}
