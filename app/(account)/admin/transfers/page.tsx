import { listPage } from "@/components/list/list-page";
import { TransfersTable } from "./transfers-table";

const page = listPage({
  messages: "admin.transfers",
  headingId: "admin-transfers-title",
  List: TransfersTable,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
