import appStyles from "./app.css";
import displayStyles from "./display.css";
import officeStyles from "./office.css";
import sportsStyles from "./sports.css";

/**
 * The addresses of the site's stylesheets, in one module the root imports: in the browser they
 * then travel in the shell's chunk (decision 054) rather than in a chunk of their own that
 * holds one string (sports.css is linked by some twenty routes). The sheets themselves load
 * only on the pages that link them.
 */
export { appStyles, displayStyles, officeStyles, sportsStyles };
