import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { Suspense, lazy, useEffect, useState } from "react";
import { addBetToCouponAtom, oneClickRequestAtom, oneClickStakeAtom } from "~/coupon/atoms";
import { LoadFailure } from "~/components/in-place-on-server";

const load = () => import("./OneClickPlacement");
const OneClickPlacement = lazy(() => load().then((module) => ({ default: module.OneClickPlacement })));

/**
 * One-click betting (OneClickPlacement.tsx) for the bettors who turn it on: its code loads when
 * the setting is on, and its part of the page mounts with the first click it has to send. A
 * page renders nothing of it on the server, since one click needs JavaScript.
 */
export function OneClickBet({ lng }: { lng: string }) {
  const isOn = useAtomValue(oneClickStakeAtom) !== null;
  const request = useAtomValue(oneClickRequestAtom);
  const [mounted, setMounted] = useState(false);
  if (request && !mounted) setMounted(true);
  useEffect(() => {
    // A failure here is met again, and handled, where the placement is rendered.
    if (isOn) load().catch(() => undefined);
  }, [isOn]);
  if (!mounted) return null;
  return (
    <LoadFailure fallback={<IntoCoupon />}>
      <Suspense fallback={null}>
        <OneClickPlacement lng={lng} />
      </Suspense>
    </LoadFailure>
  );
}

/** If one click cannot load (a network failure), a clicked coefficient goes into the coupon, as with the setting off. */
function IntoCoupon() {
  const [request, setRequest] = useAtom(oneClickRequestAtom);
  const add = useSetAtom(addBetToCouponAtom);
  useEffect(() => {
    if (!request) return;
    add(request.bet);
    setRequest(null);
  }, [request, add, setRequest]);
  return null;
}
