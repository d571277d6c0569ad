import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

interface Choice {
  id: number;
  name: string;
}

/**
 * The GET filter of the results and statistic pages (works without JavaScript): a date with the
 * days that have results, a sport, a championship and a search text, each shown when given, in
 * that order.
 */
export function ResultsFilter(props: {
  action: string;
  sports: readonly Choice[];
  sport: number | null;
  /** Offer "all sports" (an empty value) first. */
  allSports?: boolean;
  champs?: readonly Choice[];
  champ?: number | null;
  date?: { value: string | null; dates: readonly string[] };
  q?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={props.action} className="results-search">
      {props.date ? (
        <label>
          <span>{t("results.date")}</span>
          <input type="date" name="date" defaultValue={props.date.value ?? ""} list="result-dates" />
          <datalist id="result-dates">
            {props.date.dates.map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
        </label>
      ) : null}
      <ChoiceSelect label={t("results.sport")} name="sport" value={props.sport} choices={props.sports} emptyLabel={props.allSports ? t("results.allSports") : undefined} />
      {props.champs ? <ChoiceSelect label={t("results.champ")} name="champ" value={props.champ ?? null} choices={props.champs} /> : null}
      {props.q !== undefined ? (
        <label>
          <span>{t("results.search")}</span>
          <input type="search" name="q" defaultValue={props.q} minLength={2} maxLength={64} />
        </label>
      ) : null}
      <button type="submit" className="button button--primary">
        {t("results.find")}
      </button>
    </Form>
  );
}

function ChoiceSelect({ label, name, value, choices, emptyLabel }: { label: string; name: string; value: number | null; choices: readonly Choice[]; emptyLabel?: string }) {
  return (
    <label>
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
