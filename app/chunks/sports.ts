// What the sports pages share in the browser, gathered in one chunk (decision 057).
//
// esbuild puts a module in the chunk of the set of entries that reach it, so the game list, odds
// buttons, sports menu and coupon panel, each imported by its own mix of pages, made fifteen small
// chunks for home alone. Every page that shows the sports layout imports this module first: the
// modules below are then reached by the same set of pages and share one file, cached once for
// all of them. Only side-effect imports: each page still imports what it uses from the module
// itself. A module that a sports page uses and home does not stays out (it would load on home).
import "remix-utils/use-hydrated";
import "~/components/sports/SportsLayout";
import "~/components/sports/GameList";
import "~/components/sports/GameClock";
import "~/components/sports/OddButton";
import "~/components/sports/use-display";
import "~/components/sports/use-live-feed";
import "~/sports/coupon-bet";
import "~/sports/filters";
