/**
 * The toast a failed portal request shows: the server's own words when it sent some (a
 * validation or conflict message), otherwise the screen's fallback.
 */
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";

/** Shows a destructive toast titled `title`, explaining `err` in the server's words or `fallback`. */
export function toastFailure(title: string, err: unknown, fallback = "Please try again.") {
  toast({ title, description: (err instanceof ApiError && err.serverMessage) || fallback, variant: "destructive" });
}
