import { SYNC_MANAGER_TEXTS as T } from '@nova/domain';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { MessageRegion, useTimedMessage } from '../../components/ui/timed-message';
import { GroupsTab } from './groups-tab';
import { ObjectsTab } from './objects-tab';
import { useSyncResume } from './resume';

const tab =
  'rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:text-slate-300 dark:data-[state=active]:text-brand-300';

/**
 * Doc 2 "Sync manager": two tabs, "Sync Groups" and "Sync Objects" (role web:admin:sync-manager).
 * Back from a re-authentication a delete asked for, the tab and its dialog open again.
 */
export function SyncManagerPage() {
  const restored = useSyncResume();
  const [resume, setResume] = useState(restored);
  const notice = useTimedMessage();
  const done = (text: string) => notice.show({ tone: 'success', text });
  return (
    <section>
      <PageHeader title="Sync Management" />
      <MessageRegion message={notice.message} />
      <Tabs.Root defaultValue={resume?.tab ?? 'groups'}>
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
          <GroupsTab
            onDone={done}
            resume={resume?.tab === 'groups' ? resume : undefined}
            clearResume={() => setResume(null)}
          />
        </Tabs.Content>
        <Tabs.Content value="objects">
          <ObjectsTab
            onDone={done}
            resume={resume?.tab === 'objects' ? resume : undefined}
            clearResume={() => setResume(null)}
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
