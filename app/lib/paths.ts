/** Builds a path of the site in the given language: localPath("ru", "/live") = "/ru/live". */
export function localPath(lng: string, path: string): string {
  if (path === "/" || path === "") return `/${lng}`;
  return `/${lng}${path.startsWith("/") ? path : `/${path}`}`;
}
