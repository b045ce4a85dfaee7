import { SYNC_MANAGER_TEXTS as T } from '@nova/domain';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { MessageRegion, useTimedMessage } from '../../components/ui/timed-message';
import { GroupsTab } from './groups-tab';
import { ObjectsTab } from './objects-tab';
import { hasWriteDraft } from '../../lib/write-dialog';
import { SYNC_SCOPES } from './api';

const tab =
  'rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:text-slate-300 dark:data-[state=active]:text-brand-300';

/**
 * Doc 2 "Sync manager": two tabs, "Sync Groups" and "Sync Objects" (role web:admin:sync-manager).
 * Back from a sign-in a dialog was left for, its tab and the dialog open again.
 */
export function SyncManagerPage() {
  const [initialTab] = useState(() => (hasWriteDraft(SYNC_SCOPES.objects) ? 'objects' : 'groups'));
  const notice = useTimedMessage();
  const done = (text: string) => notice.show({ tone: 'success', text });
  return (
    <section>
      <PageHeader title="Sync Management" />
      <MessageRegion message={notice.message} />
      <Tabs.Root defaultValue={initialTab}>
        <Tabs.List
          aria-label="Sync Management"
          className="mb-4 flex gap-2 border-b border-slate-200 dark:border-slate-800"
        >
          <Tabs.Trigger value="groups" className={tab}>
            {T.tabGroups}
          </Tabs.Trigger>
          <Tabs.Trigger value="objects" className={tab}>
            {T.tabObjects}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="groups">
          <GroupsTab onDone={done} />
        </Tabs.Content>
        <Tabs.Content value="objects">
          <ObjectsTab onDone={done} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
