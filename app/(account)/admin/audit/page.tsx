import { listPage } from "@/components/list/list-page";
import { AuditTable } from "./audit-table";

const page = listPage({ messages: "admin.audit", headingId: "admin-audit-title", List: AuditTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
