import { listPage } from "@/components/list/list-page";
import { OrderTable } from "./order-table";

const page = listPage({ messages: "account.orders", headingId: "orders-title", List: OrderTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
