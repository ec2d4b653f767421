import { listPage } from "@/components/list/list-page";
import { PackagesTable } from "./packages-table";

const page = listPage({ messages: "admin.packages", headingId: "admin-packages-title", List: PackagesTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
