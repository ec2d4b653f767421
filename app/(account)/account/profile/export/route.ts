import { downloadMyData } from "@/server/export/handlers";

/** GET /account/profile/export: the signed-in person's data as one zip (JSON + HTML summary). */
export const GET = downloadMyData;
