import { listPage } from "@/components/list/list-page";
import { PeopleTable } from "./people-table";

const page = listPage({ messages: "admin.people", headingId: "admin-people-title", List: PeopleTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
