import { listPage } from "@/components/list/list-page";
import { PackageTable } from "./package-table";

const page = listPage({ messages: "account.packages", headingId: "packages-title", List: PackageTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
