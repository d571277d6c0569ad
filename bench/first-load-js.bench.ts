// First-load JavaScript of the home page: the entry, its imports and the modules of the
// routes a home visit matches (root, the language layout, home), raw and gzip-compressed.
import { firstLoadJs, kib } from "./support/first-load";

try {
  const home = await firstLoadJs(process.cwd(), ["root", "lng", "home"]);
  console.log(`first-load JS of the home page: ${kib(home.raw)} raw, ${kib(home.gzip)} gzip, in ${home.files} files (${home.empty} empty)`);
} catch (error) {
  console.error(`first-load-js: ${(error as Error).message}`);
  process.exit(1);
}
