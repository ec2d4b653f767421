import { listPage } from "@/components/list/list-page";
import { InvoiceTable } from "./invoice-table";

const page = listPage({ messages: "account.invoice", headingId: "invoice-title", List: InvoiceTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
