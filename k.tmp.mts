import { firstLoadJs, kib } from "./bench/support/first-load";
const home = await firstLoadJs("/work/main", ["root", "lng", "home"]);
console.log(home, kib(home.gzip));
