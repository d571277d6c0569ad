/**
 * The one-click player's login and password, kept three ways (SPEC §3 "login credentials can be
 * kept as a file, an image, or by e-mail"). The file and the image are data: URLs for
 * `<a download>`, so they work without JavaScript and the password never leaves the page.
 */

export interface Credentials {
  login: string;
  password: string;
}

export interface CredentialsLabels {
  /** Heading of the file and the image, e.g. "Arena Bet — your account". */
  title: string;
  login: string;
  password: string;
  /** Where to sign in, e.g. "https://arena.bet/en/login". */
  site: string;
  /** A reminder to keep them private. */
  note: string;
}

/** The files' name from the brand: "Arena Bet" gives "arena-bet-account". */
export function credentialsFileName(companyName: string): string {
  const brand = companyName
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return brand ? `${brand}-account` : "account";
}

export function credentialsText(c: Credentials, l: CredentialsLabels): string {
  return [l.title, "", `${l.login}: ${c.login}`, `${l.password}: ${c.password}`, "", l.site, l.note, ""].join("\r\n");
}

export function textDataUrl(text: string): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
}

function xml(s: string): string {
  return s.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!);
}

/** A card-like SVG with the credentials drawn as text; `rtl` mirrors its alignment. */
export function credentialsSvg(c: Credentials, l: CredentialsLabels, options: { rtl?: boolean } = {}): string {
  const w = 640;
  const h = 360;
  const rtl = options.rtl ?? false;
  const x = rtl ? w - 40 : 40;
  const anchor = rtl ? "end" : "start";
  const direction = rtl ? "rtl" : "ltr";
  const font = "Inter, 'Segoe UI', Roboto, 'Noto Sans', Tahoma, Arial, sans-serif";
  const mono = "'JetBrains Mono', Consolas, 'DejaVu Sans Mono', monospace";
  const text = (y: number, size: number, fill: string, content: string, family = font, weight = 400) =>
    `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}" direction="${direction}">${xml(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f7a36"/><stop offset="1" stop-color="#0c4a6e"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" rx="24" fill="#0b1220"/>`,
    `<rect width="${w}" height="88" rx="24" fill="url(#g)"/>`,
    `<rect y="64" width="${w}" height="24" fill="url(#g)"/>`,
    text(56, 26, "#ffffff", l.title, font, 800),
    text(140, 16, "#9aa7bd", l.login),
    text(176, 30, "#facc15", c.login, mono, 700),
    text(222, 16, "#9aa7bd", l.password),
    text(258, 30, "#facc15", c.password, mono, 700),
    text(308, 15, "#e7ecf5", l.site),
    text(334, 13, "#9aa7bd", l.note),
    `</svg>`,
  ].join("");
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
