import { listPage } from "@/components/list/list-page";
import { AffiliatesTable } from "./affiliates-table";

const page = listPage({
  messages: "admin.affiliates",
  headingId: "admin-affiliates-title",
  List: AffiliatesTable,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
