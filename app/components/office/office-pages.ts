// The office's pages (SPEC §2 Office) as the account menu and the office's side menu list them,
// in one place: a page joins both menus by being added here.

export interface OfficePage {
  /** Dictionary key under office.menu and the path under /{lng}/office/. */
  key: "account" | "recharge" | "deduce" | "historypay" | "history";
  path: string;
}

export const OFFICE_PAGES: readonly OfficePage[] = [
  { key: "account", path: "account" },
  { key: "recharge", path: "recharge" },
  { key: "deduce", path: "deduce" },
  { key: "history", path: "history" },
  { key: "historypay", path: "historypay" },
];

export const officePath = (lng: string, path: string) => `/${lng}/office/${path}`;
