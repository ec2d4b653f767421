import { listPage } from "@/components/list/list-page";
import { CommissionTable } from "./commission-table";

const page = listPage({
  messages: "account.commission",
  headingId: "commission-title",
  List: CommissionTable,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
