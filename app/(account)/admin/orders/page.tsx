import { listPage } from "@/components/list/list-page";
import { OrdersTable } from "./orders-table";

const page = listPage({ messages: "admin.orders", headingId: "admin-orders-title", List: OrdersTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
