// SPEC §2: /profile and /account/profile are the same screen.
export { default, generateMetadata } from "../account/profile/page";
