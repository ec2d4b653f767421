import { listPage } from "@/components/list/list-page";
import { OutboxTable } from "./outbox-table";

const page = listPage({ messages: "admin.outbox", headingId: "admin-outbox-title", List: OutboxTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
