import { listPage } from "@/components/list/list-page";
import { InvoicesTable } from "./invoices-table";

const page = listPage({ messages: "admin.invoices", headingId: "admin-invoices-title", List: InvoicesTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
