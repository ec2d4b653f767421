import { listPage } from "@/components/list/list-page";
import { ReferralTable } from "./referral-table";

const page = listPage({ messages: "account.referral", headingId: "referral-title", List: ReferralTable });
export const generateMetadata = page.generateMetadata;
export default page.Page;
