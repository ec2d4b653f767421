import { dispatch } from "@/server/http/dispatch";

// The BFF: every /2.0 call goes through the one registry and dispatch (DESIGN §2).
export const GET = (request: Request) => dispatch(request);
export const POST = (request: Request) => dispatch(request);
// A preflight goes to dispatch too: a public call answers it, the others refuse it (as `npm start`).
export const OPTIONS = (request: Request) => dispatch(request);
