import { listPage } from "@/components/list/list-page";
import { CreditTable } from "./credit-table";

const page = listPage({ messages: "account.credit", headingId: "credit-title", List: CreditTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
