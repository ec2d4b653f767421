import { LoadingCard } from "./loading-card";

/** While the order is read on the server. */
export default function CheckoutLoading() {
  return <LoadingCard namespace="checkout" text="checkout.loading" />;
}
