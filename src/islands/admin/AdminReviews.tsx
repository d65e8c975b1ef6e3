/**
 * /admin/reviews: customers' reviews from GET /api/admin/reviews, the waiting ones first, then the
 * newest; filtered by status, rating and product, searched by title, comment, product or customer,
 * 20 a page, the filters in the page's URL. Approve is one click; reject asks for the reason the
 * customer is e-mailed, edit for the new words and the reason the customer is e-mailed (decision
 * 076), reply for the public answer, and delete for a confirmation. Each button
 * shows its pending state and each outcome a toast saying what happened.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { adminRequest } from "../../client/admin-api";
import { toast } from "../../client/toast-store";
import {
  type AdminReview,
  type AdminReviewList,
  type AdminReviewsQuery,
  adminReviewsList,
  type EditedReview,
  type EditReviewInput,
  type RejectedReview,
  reviewRatings,
  reviewStatusFilterLabels,
  reviewStatusFilters,
} from "../../shared/admin-reviews";
import { ConfirmDeleteDialog } from "./parts/ConfirmDeleteDialog";
import { FilterForm, FilterSelect, RecordFilterSelect, SearchBox } from "./parts/ListFilters";
import { PagedList } from "./parts/PagedList";
import { PageHeader } from "./parts/PageHeader";
import { toastFailure } from "./parts/toast-failure";
import { useListSearch, useUrlList } from "./parts/use-url-list";
import { EditReviewDialog } from "./reviews/EditReviewDialog";
import { type ReviewAction, ReviewCards, reviewCardId } from "./reviews/ReviewCards";
import { ReviewTextDialog, type ReviewTextKind } from "./reviews/ReviewTextDialog";

export type AdminReviewsProps = { initialQuery: AdminReviewsQuery; timeZone: string };

const listPath = adminReviewsList.apiPath;
const ratingLabels = Object.fromEntries(reviewRatings.map((r) => [r, `${r} ${r === "1" ? "star" : "stars"}`])) as Record<
  (typeof reviewRatings)[number],
  string
>;

type Open = { kind: ReviewTextKind | "edit" | "delete"; review: AdminReview; trigger: HTMLElement };
type Change = { action: Exclude<ReviewAction, "delete">; review: AdminReview; text?: string; edit?: EditReviewInput };

/** "Dee's review of the Dash Cam". */
const whose = (r: AdminReview) => `${r.customer.name}'s review of ${r.product.name}`;

export default function AdminReviews({ initialQuery, timeZone }: AdminReviewsProps) {
  const queryClient = useQueryClient();
  const reviews = useUrlList<AdminReviewsQuery, AdminReviewList>(adminReviewsList, initialQuery);
  const { query, setQuery, bindFilter, data } = reviews;
  const search = useListSearch(adminReviewsList.filters.search, initialQuery.search, setQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState<Open | null>(null);

  const changed = useCallback(() => {
    void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(listPath) });
  }, [queryClient]);

  /** After an action the card's buttons change: the focus goes to the card (or the heading when the card is gone from this view). */
  const focusCard = (id: number) => {
    requestAnimationFrame(() => {
      const card = document.getElementById(reviewCardId(id));
      (card ?? heading.current)?.focus();
    });
  };

  const change = useMutation({
    mutationFn: ({ action, review, text, edit }: Change) => {
      const url = `${listPath}/${review.id}/${action}`;
      if (action === "reject") return adminRequest<RejectedReview>("POST", url, { reason: text });
      if (action === "edit") return adminRequest<EditedReview>("POST", url, edit);
      if (action === "reply") return adminRequest<AdminReview>("POST", url, { reply: text });
      return adminRequest<AdminReview>("POST", url);
    },
    onSuccess: (after, { action, review }) => {
      if (action === "approve") toast({ title: "Review approved", description: `${whose(review)} is now public on the product page.`, variant: "success" });
      else if (action === "reject")
        toast({
          title: "Review rejected",
          // The author's hourly e-mail limit holds for the portal's mail too (decision 058).
          description:
            "customerMailed" in after && after.customerMailed
              ? `It is hidden, and ${review.customer.name} is being e-mailed your reason.`
              : `It is hidden. ${review.customer.name} was not e-mailed: they have had as many e-mails this hour as the limit allows. They see the reason with their review.`,
          variant: "success",
        });
      else if (action === "edit")
        toast({
          title: "Review edited",
          description:
            "customerMailed" in after && after.customerMailed
              ? `${review.customer.name} is being e-mailed your reason with the new words.`
              : after.editedByBusinessAt === review.editedByBusinessAt
                ? "The words were already so: nothing changed."
                : `${review.customer.name} was not e-mailed: they have had as many e-mails this hour as the limit allows.`,
          variant: "success",
        });
      else if (!after.reply) toast({ title: "Reply removed", description: `${whose(review)} has no reply now.`, variant: "success" });
      else
        toast({
          title: "Reply saved",
          description:
            after.status === "approved" ? "It shows under the review on the product page." : "It will show under the review once the review is approved.",
          variant: "success",
        });
      changed();
      focusCard(review.id);
    },
    onError: (err, { action }) => {
      toastFailure(
        action === "approve"
          ? "Review not approved"
          : action === "reject"
            ? "Review not rejected"
            : action === "edit"
              ? "Review not edited"
              : "Reply not saved",
        err,
      );
    },
  });

  const remove = useMutation({
    mutationFn: (review: AdminReview) => adminRequest("DELETE", `${listPath}/${review.id}`),
    onSuccess: (_, review) => {
      toast({ title: "Review deleted", description: `${whose(review)} is gone.`, variant: "success" });
      changed();
    },
    onError: (err) => toastFailure("Review not deleted", err),
  });

  const busy =
    change.isPending && change.variables
      ? { id: change.variables.review.id, action: change.variables.action as ReviewAction }
      : remove.isPending && remove.variables
        ? { id: remove.variables.id, action: "delete" as const }
        : null;

  const closeDialog = (focus: HTMLElement | null) => {
    setOpen(null);
    if (focus?.isConnected) focus.focus();
    else heading.current?.focus();
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reviews"
        headingRef={heading}
        description="Customers' reviews wait here until you approve them; only approved reviews show in the shop."
      />

      <FilterForm label="Reviews" onSubmit={search.onSearch} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1.5fr]">
        <SearchBox label="Search by title, comment, product or customer" className="sm:col-span-2 lg:col-span-1" search={search} />
        <FilterSelect label="Show" options={reviewStatusFilters} labels={reviewStatusFilterLabels} {...bindFilter("status")} />
        <FilterSelect label="Rating" anyLabel="Any rating" options={reviewRatings} labels={ratingLabels} {...bindFilter("rating")} />
        <RecordFilterSelect
          label="Product"
          anyLabel="Any product"
          records={data?.products ?? []}
          unknownLabel={(id) => `Product #${id}`}
          {...bindFilter("product")}
        />
      </FilterForm>

      <PagedList
        of={reviews}
        rows={data?.reviews}
        names={["review", "reviews"]}
        testId="reviews-list"
        texts={{
          empty: query.status === "pending" && !query.search && !query.rating && query.product === null ? "No reviews waiting. All moderated." : undefined,
        }}
      >
        {(rows) => (
          <ReviewCards
            rows={rows}
            timeZone={timeZone}
            busy={busy}
            onAction={(action, review, trigger) => {
              if (action === "approve") change.mutate({ action, review });
              else setOpen({ kind: action, review, trigger });
            }}
          />
        )}
      </PagedList>

      {open?.kind === "edit" && (
        <EditReviewDialog
          key={`edit-${open.review.id}`}
          review={open.review}
          pending={change.isPending}
          onSubmit={(edit, done, failed) => change.mutate({ action: "edit", review: open.review, edit }, { onSuccess: done, onError: failed })}
          onClose={() => closeDialog(open.trigger)}
        />
      )}
      {open && open.kind !== "delete" && open.kind !== "edit" && (
        <ReviewTextDialog
          key={`${open.kind}-${open.review.id}`}
          kind={open.kind}
          review={open.review}
          pending={change.isPending}
          onSubmit={(text, done, failed) => {
            const kind = open.kind as ReviewTextKind;
            change.mutate({ action: kind, review: open.review, text }, { onSuccess: done, onError: failed });
          }}
          onClose={() => closeDialog(open.trigger)}
        />
      )}
      {open?.kind === "delete" && (
        <ConfirmDeleteDialog
          title="Delete this review?"
          pending={remove.isPending}
          onConfirm={(close) => remove.mutate(open.review, { onSuccess: close })}
          onClose={() => closeDialog(open.trigger)}
        >
          <p>{`${whose(open.review)} (${open.review.rating} out of 5) will be deleted with its helpful votes. This cannot be undone; the customer may write a new one.`}</p>
        </ConfirmDeleteDialog>
      )}
    </div>
  );
}
