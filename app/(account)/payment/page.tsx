import { listPage } from "@/components/list/list-page";
import { PaymentTable } from "./payment-table";

const page = listPage({ messages: "account.payments", headingId: "payments-title", List: PaymentTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
