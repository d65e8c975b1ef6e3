/**
 * /admin/referrals: the referrers from GET /api/admin/referrals, most pending money first,
 * optionally only those with a reward in one status, searched by name or e-mail (as the owner
 * types, or at once on Enter), a page of 20 at a time. Each referrer opens their dialog of rewards
 * to pay or void. The filters live in the page's URL, so a reload or a sign-in round trip keeps them.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { referralStatuses, referralStatusLabels } from "../../domain/referral";
import { type AdminReferrerList, type AdminReferralsQuery, adminReferralsList } from "../../shared/admin-referrals";
import { FilterForm, FilterSelect, SearchBox } from "./parts/ListFilters";
import { PagedList } from "./parts/PagedList";
import { useListSearch, useUrlList } from "./parts/use-url-list";
import { ReferrerDialog } from "./referrals/ReferrerDialog";
import { type OpenReferrer, ReferrersList } from "./referrals/ReferrersList";
import { useDialogTrigger } from "./parts/use-dialog-trigger";
import { PageHeader } from "./parts/PageHeader";
import { withCurrency } from "./parts/money";

export type AdminReferralsProps = { initialQuery: AdminReferralsQuery; timeZone: string };

const listPath = adminReferralsList.apiPath;

type Open = { userId: string; name: string; trigger: HTMLButtonElement };

function AdminReferralsBody({ initialQuery, timeZone }: AdminReferralsProps) {
  const queryClient = useQueryClient();
  const referrers = useUrlList<AdminReferralsQuery, AdminReferrerList>(adminReferralsList, initialQuery);
  const { setQuery, bindFilter, data } = referrers;
  const search = useListSearch(adminReferralsList.filters.search, initialQuery.search, setQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const { open, setOpen, closeDialog } = useDialogTrigger<Open>(heading);

  const changed = () => {
    void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(`${listPath}?`) });
    void queryClient.invalidateQueries({ queryKey: [listPath] });
  };

  const openReferrer: OpenReferrer = (referrer, trigger) => setOpen({ userId: referrer.userId, name: referrer.name, trigger });

  return (
    <div className="space-y-6">
      <PageHeader title="Referrals" headingRef={heading} />

      <FilterForm label="Referrers" onSubmit={search.onSearch} className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchBox label="Search by referrer name or e-mail" search={search} />
        <FilterSelect label="With a reward that is" anyLabel="Any status" options={referralStatuses} labels={referralStatusLabels} {...bindFilter("status")} />
      </FilterForm>

      <PagedList of={referrers} rows={data?.referrers} names={["referrer", "referrers"]} testId="referrers-list">
        {(rows) => <ReferrersList rows={rows} onOpen={openReferrer} />}
      </PagedList>

      {open && <ReferrerDialog key={open.userId} userId={open.userId} name={open.name} timeZone={timeZone} onClose={closeDialog} onChanged={changed} />}
    </div>
  );
}

/** The island's root: the currency setting for every amount its parts show. */
export default withCurrency(AdminReferralsBody);
