import { listPage } from "@/components/list/list-page";
import { PaymentsTable } from "./payments-table";

const page = listPage({ messages: "admin.payments", headingId: "admin-payments-title", List: PaymentsTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
