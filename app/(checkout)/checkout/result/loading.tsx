import { LoadingCard } from "../loading-card";

/** While the payment is read on the server. */
export default function ResultLoading() {
  return <LoadingCard namespace="checkout.result" text="common.loading" />;
}
