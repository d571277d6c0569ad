// Small modules that nearly every page (and the lazily loaded parts) use, joined to the shell's
// chunk (decision 057). The language layout imports this module, and every page's browser entry
// imports the layout's (decision 054), so the modules below are reached by every entry and land
// in the shell's chunk instead of one tiny chunk each. Only side-effect imports.
import "~/seo";
import "~/lib/prepared-json";
import "~/components/in-place-on-server";
import "~/components/coupon/coupon-form";
import "~/sports/model";
import "~/sports/paths";
import "~/sports/slug";
