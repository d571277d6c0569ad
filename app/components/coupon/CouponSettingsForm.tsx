import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { minorToInput, parseAmountInput } from "~/coupon/amount-input";
import {
  couponAccountAtom,
  couponConfigAtom,
  couponSettingsAtom,
  couponStorageReadAtom,
  oneClickAvailabilityAtom,
  setExactCoefAtom,
  turnOffOneClickAtom,
  turnOnOneClickAtom,
} from "~/coupon/atoms";
import { CHANGE_COEF_ACTION } from "~/coupon/constants";
import { exactCoefText, parseExactCoef } from "~/coupon/exact-coef";
import type { CouponSettings } from "~/coupon/model";
import { FieldError, controlProps } from "../form/Field";
import { CouponFormFields } from "./coupon-form";

/** The bettor's settings that a form without JavaScript posts (app/coupon/settings-form.ts). */
type PlacingFlag = "isDropOnScoreChange" | "isAutoMax" | "isVipBet";
type DisplayFlag = "isBalanceShown" | "isPossibleWinShown";
const DISPLAY_FLAGS: DisplayFlag[] = ["isBalanceShown", "isPossibleWinShown"];

/** A settings post refused without JavaScript: its fields' errors and the exact coefficient as typed. */
export interface SettingsRefusal {
  errors: Record<string, string[] | null> | null;
  exactCoef: string;
}

const EXACT_COEF_ERROR = "coupon.settings.errors.exactCoef";

/**
 * The coupon settings of SPEC §3. With JavaScript every change applies at once and
 * localStorage keeps it; without it the panel is a form that posts to the coupon action
 * (intent "settings") and the coupon-settings cookie keeps them. Either way the place form sends
 * the settings that change what happens to a bet (app/coupon/place-form.ts placeSettings). One-click
 * betting and the own stake step work in the browser only: without JavaScript they say so.
 */
export function CouponSettingsForm({ lng, returnTo, refused = null }: { lng: string; returnTo: string; refused?: SettingsRefusal | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // With JavaScript the settings show what this browser keeps only once it is read: until then a
  // click would change the defaults shown, and the stored value would come back over it.
  const storageRead = useAtomValue(couponStorageReadAtom);
  const waiting = hydrated && !storageRead;
  const settings = useAtomValue(couponSettingsAtom);
  const account = useAtomValue(couponAccountAtom);
  const config = useAtomValue(couponConfigAtom);
  const oneClick = useAtomValue(oneClickAvailabilityAtom);
  const setSettings = useSetAtom(couponSettingsAtom);
  const setExactCoef = useSetAtom(setExactCoefAtom);
  const turnOn = useSetAtom(turnOnOneClickAtom);
  const turnOff = useSetAtom(turnOffOneClickAtom);
  const [confirmOneClick, setConfirmOneClick] = useState(false);
  const { currency } = account;
  const patch = (changes: Partial<CouponSettings>) => hydrated && setSettings((s) => ({ ...s, ...changes }));
  const step = settings.amountStepByCurrencyIso[currency.iso] ?? currency.amountStep;

  // The exact coefficient as typed: it follows the setting when that changes elsewhere (storage read, another tab).
  const [exactText, setExactText] = useState(refused?.exactCoef ?? exactCoefText(settings.exactCoef));
  const [exactInvalid, setExactInvalid] = useState(Boolean(refused?.errors?.exactCoef));
  useEffect(() => {
    if (parseExactCoef(exactText) !== settings.exactCoef) {
      setExactText(exactCoefText(settings.exactCoef));
      setExactInvalid(false);
    }
    // Only when the setting changes, not with each key typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.exactCoef]);
  const exactField = { name: "exactCoef", errorId: "coupon-settings-exact-error", errors: exactInvalid ? [EXACT_COEF_ERROR] : undefined };
  const target = refused?.errors?.exactCoef ? "exactCoef" : undefined;

  const check = (flag: PlacingFlag | DisplayFlag) => (
    <label key={flag} className="field-check">
      <input type="checkbox" name={flag} value="1" checked={settings[flag]} onChange={(e) => patch({ [flag]: e.target.checked })} data-setting={flag} />
      <span>{t(`coupon.settings.${flag}`)}</span>
    </label>
  );

  return (
    <form
      method="post"
      action={`/${lng}/coupon`}
      id="coupon-settings"
      className="coupon-settings"
      aria-labelledby="coupon-settings-title"
      data-testid="coupon-settings"
      // What this browser keeps has been read: a click now changes it (for tests waiting to click).
      data-ready={hydrated && storageRead ? "true" : undefined}
      onSubmit={(event) => hydrated && event.preventDefault()}
    >
      <CouponFormFields returnTo={returnTo} />
      <input type="hidden" name="intent" value="settings" />
      <h3 id="coupon-settings-title" className="coupon-settings__title">
        {t("coupon.settings.title")}
      </h3>
      <fieldset className="coupon-settings__group" disabled={waiting}>
        <legend>{t("coupon.settings.placing")}</legend>
        <label className="field-row">
          <span>{t("coupon.settings.changeCoefAction")}</span>
          <select name="changeCoefAction" value={settings.changeCoefAction} onChange={(e) => patch({ changeCoefAction: Number(e.target.value) as CouponSettings["changeCoefAction"] })}>
            {Object.values(CHANGE_COEF_ACTION).map((v) => (
              <option key={v} value={v}>
                {t(`coupon.settings.changeCoef.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <div className={`field-row${exactInvalid ? " field--invalid" : ""}`}>
          <label htmlFor="coupon-settings-exact">{t("coupon.settings.exactCoef")}</label>
          <input
            id="coupon-settings-exact"
            name="exactCoef"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={exactText}
            {...controlProps(exactField, target, { describedBy: "coupon-settings-exact-hint" })}
            onChange={(e) => {
              setExactText(e.target.value);
              if (!hydrated) return;
              const value = parseExactCoef(e.target.value);
              setExactInvalid(value === undefined);
              if (value !== undefined) setExactCoef(value);
            }}
          />
        </div>
        <p id="coupon-settings-exact-hint" className="field__hint">
          {t("coupon.settings.exactCoefHint")}
        </p>
        <FieldError field={exactField} />
        {check("isDropOnScoreChange")}
        {check("isAutoMax")}
        {/* A VIP bet exists only where the site offers it; elsewhere the box would change nothing. */}
        {config.isVipBetEnabled ? check("isVipBet") : null}
      </fieldset>
      <fieldset className="coupon-settings__group" disabled={waiting}>
        <legend>{t("coupon.settings.display")}</legend>
        {DISPLAY_FLAGS.map(check)}
      </fieldset>
      <fieldset className="coupon-settings__group" disabled={!hydrated || waiting} aria-describedby={hydrated ? undefined : "coupon-settings-needs-js"}>
        <legend>{t("coupon.settings.quick")}</legend>
        {hydrated ? null : (
          <p id="coupon-settings-needs-js" className="muted" data-testid="coupon-settings-needs-js">
            {t("coupon.settings.needsJs")}
          </p>
        )}
        <label className="field-check">
          <input
            type="checkbox"
            checked={settings.isActiveOneClick}
            disabled={!oneClick.ok}
            onChange={(e) => {
              if (!e.target.checked) return turnOff();
              const result = turnOn({ confirmed: false });
              if (result.status === "confirmation-required") setConfirmOneClick(true);
            }}
          />
          <span>{t("coupon.settings.oneClick")}</span>
        </label>
        {!oneClick.ok ? <p className="muted">{t(`coupon.settings.oneClickRefusal.${oneClick.reason}`)}</p> : null}
        {confirmOneClick ? (
          <div className="notice notice--warning" role="alertdialog" aria-labelledby="one-click-confirm">
            <p id="one-click-confirm">{t("coupon.settings.oneClickConfirm")}</p>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                turnOn({ confirmed: true });
                setConfirmOneClick(false);
              }}
            >
              {t("coupon.settings.confirm")}
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => setConfirmOneClick(false)}>
              {t("coupon.settings.cancel")}
            </button>
          </div>
        ) : null}
        {settings.isActiveOneClick ? (
          <label className="field-row">
            <span>{t("coupon.settings.oneClickAmount", { currency: currency.iso })}</span>
            <input
              inputMode="decimal"
              defaultValue={minorToInput(settings.oneClickAmount ?? currency.initialAmount, currency.exponent)}
              onChange={(e) => {
                const value = parseAmountInput(e.target.value, currency.exponent);
                if (value && value > 0) patch({ oneClickAmount: value });
              }}
            />
          </label>
        ) : null}
        <label className="field-check">
          <input type="checkbox" checked={settings.isManualAmountStep} onChange={(e) => patch({ isManualAmountStep: e.target.checked })} />
          <span>{t("coupon.settings.isManualAmountStep")}</span>
        </label>
        {settings.isManualAmountStep ? (
          <label className="field-row">
            <span>{t("coupon.settings.amountStep", { currency: currency.iso })}</span>
            <input
              inputMode="decimal"
              defaultValue={minorToInput(step, currency.exponent)}
              onChange={(e) => {
                const value = parseAmountInput(e.target.value, currency.exponent);
                if (value && value > 0) patch({ amountStepByCurrencyIso: { ...settings.amountStepByCurrencyIso, [currency.iso]: value } });
              }}
            />
          </label>
        ) : null}
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className="button button--primary coupon-settings__save">
          {t("coupon.settings.save")}
        </button>
      )}
    </form>
  );
}
