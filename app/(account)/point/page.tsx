import { listPage } from "@/components/list/list-page";
import { PointTable } from "./point-table";

const page = listPage({ messages: "account.point", headingId: "point-title", List: PointTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
