import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { minorToInput, parseAmountInput } from "~/coupon/amount-input";
import {
  couponAccountAtom,
  couponSettingsAtom,
  oneClickAvailabilityAtom,
  setExactCoefAtom,
  turnOffOneClickAtom,
  turnOnOneClickAtom,
} from "~/coupon/atoms";
import { CHANGE_COEF_ACTION } from "~/coupon/constants";
import type { CouponSettings } from "~/coupon/model";

type Flag = "isAutoMax" | "isVipBet" | "isBalanceShown" | "isPossibleWinShown" | "isSelectAccountShown" | "isCouponFixed" | "isDropOnScoreChange" | "isManualAmountStep";
const FLAGS: Flag[] = ["isAutoMax", "isVipBet", "isBalanceShown", "isPossibleWinShown", "isSelectAccountShown", "isCouponFixed", "isManualAmountStep", "isDropOnScoreChange"];

/**
 * The coupon settings of SPEC §3, kept with the coupon state in this browser (localStorage);
 * the bet issue's server enforces them when a coupon is placed. They change the browser's
 * coupon, so they need JavaScript: without it the fieldset says so and stays disabled.
 */
export function CouponSettingsForm() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const settings = useAtomValue(couponSettingsAtom);
  const account = useAtomValue(couponAccountAtom);
  const oneClick = useAtomValue(oneClickAvailabilityAtom);
  const setSettings = useSetAtom(couponSettingsAtom);
  const setExactCoef = useSetAtom(setExactCoefAtom);
  const turnOn = useSetAtom(turnOnOneClickAtom);
  const turnOff = useSetAtom(turnOffOneClickAtom);
  const [confirmOneClick, setConfirmOneClick] = useState(false);
  const { currency } = account;
  const patch = (changes: Partial<CouponSettings>) => setSettings((s) => ({ ...s, ...changes }));
  const step = settings.amountStepByCurrencyIso[currency.iso] ?? currency.amountStep;
  return (
    <form className="coupon-settings" onSubmit={(e) => e.preventDefault()} aria-labelledby="coupon-settings-title">
      <h3 id="coupon-settings-title" className="coupon-settings__title">
        {t("coupon.settings.title")}
      </h3>
      {hydrated ? null : <p className="muted">{t("coupon.settings.needsJs")}</p>}
      <fieldset disabled={!hydrated}>
        <label className="field-row">
          <span>{t("coupon.settings.changeCoefAction")}</span>
          <select value={settings.changeCoefAction} onChange={(e) => patch({ changeCoefAction: Number(e.target.value) as CouponSettings["changeCoefAction"] })}>
            {Object.values(CHANGE_COEF_ACTION).map((v) => (
              <option key={v} value={v}>
                {t(`coupon.settings.changeCoef.${v}`)}
              </option>
            ))}
          </select>
        </label>
        {FLAGS.map((flag) => (
          <label key={flag} className="field-check">
            <input type="checkbox" checked={settings[flag]} onChange={(e) => patch({ [flag]: e.target.checked })} />
            <span>{t(`coupon.settings.${flag}`)}</span>
          </label>
        ))}
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
        <label className="field-row">
          <span>{t("coupon.settings.exactCoef")}</span>
          <input
            inputMode="decimal"
            defaultValue={settings.exactCoef ?? ""}
            onChange={(e) => {
              const text = e.target.value.trim().replace(",", ".");
              if (text === "") setExactCoef(null);
              else if (/^\d+(\.\d{1,2})?$/.test(text) && Number(text) >= 1) setExactCoef(Number(text));
            }}
          />
        </label>
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
      </fieldset>
    </form>
  );
}
