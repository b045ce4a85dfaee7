/**
 * The Control Panel's search box (decision 091): one procedure, its groups each limited to the
 * roles of the screen its hits open (SEARCH_POLICY of @nova/domain).
 */
import { SearchInput, SearchView } from '@nova/contracts';
import { search } from '../search/search';
import { authedProcedure, router } from '../trpc/init';

export const searchRouter = router({
  query: authedProcedure
    .input(SearchInput)
    .output(SearchView)
    .query(async ({ ctx, input }) => ({ groups: await search(ctx, input.text) })),
});
