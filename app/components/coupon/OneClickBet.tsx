import { useAtom, useAtomValue, useStore } from "jotai";
import { useEffect, useState } from "react";
import { oneClickBusyAtom, oneClickRequestAtom, oneClickStakeAtom, withCouponAtoms } from "~/coupon/store";
import { inPlaceOnServer } from "~/components/in-place-on-server";

// One click needs JavaScript, so the server renders nothing of it (no server component); in the
// browser it is the lazy part, with the coupon standing in if its code cannot load.
const placement = inPlaceOnServer(
  undefined,
  () => import("./OneClickPlacement").then((module) => module.OneClickPlacement),
  IntoCoupon,
);

/**
 * One-click betting (OneClickPlacement.tsx) for the bettors who turn it on: its code loads when
 * the setting is on, and its part of the page mounts with the first click it has to send.
 */
export function OneClickBet({ lng }: { lng: string }) {
  const isOn = useAtomValue(oneClickStakeAtom) !== null;
  const request = useAtomValue(oneClickRequestAtom);
  const [mounted, setMounted] = useState(false);
  if (request && !mounted) setMounted(true);
  useEffect(() => {
    if (isOn) placement.preload();
  }, [isOn]);
  return mounted ? <placement.Part lng={lng} /> : null;
}

/** If one click cannot load (a network failure), a clicked coefficient goes into the coupon, as with the setting off. */
function IntoCoupon(_props: { lng: string }) {
  const [request, setRequest] = useAtom(oneClickRequestAtom);
  const store = useStore();
  useEffect(() => {
    if (!request) return;
    withCouponAtoms((atoms) => store.set(atoms.addBetToCouponAtom, request.bet));
    setRequest(null);
    store.set(oneClickBusyAtom, false);
  }, [request, store, setRequest]);
  return null;
}
