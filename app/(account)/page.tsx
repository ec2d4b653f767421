// SPEC §2: `/` and `/dashboard` are the same screen.
export { default, generateMetadata } from "./dashboard/page";
