import { SYNC_MANAGER_TEXTS as T } from '@nova/domain';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { MessageRegion, useTimedMessage } from '../../components/ui/timed-message';
import { GroupsTab } from './groups-tab';
import { ObjectsTab } from './objects-tab';
import { hasWriteDraft } from '../../lib/write-dialog';
import { SYNC_SCOPES } from './api';

const tab =
  'rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:text-slate-300 dark:data-[state=active]:text-brand-300';

/**
 * Specification §2.32 "Sync manager": two tabs, "Sync Groups" and "Sync Objects" (role web:admin:sync-manager).
 * The open tab is in the address (`?tab=objects`). Back from a sign-in a dialog was left for, its
 * tab and the dialog open again.
 */
export function SyncManagerPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const [draftTab] = useState(() => (hasWriteDraft(SYNC_SCOPES.objects) ? 'objects' : 'groups'));
  const current = asked === 'objects' || asked === 'groups' ? asked : draftTab;
  // Radix reports a click on a tab twice (mouse down, then focus): one history entry per change.
  const shown = useRef<string>(current);
  useEffect(() => {
    shown.current = current;
  }, [current]);
  const choose = (value: string) => {
    if (value === shown.current) return;
    shown.current = value;
    setParams((before) => {
      const after = new URLSearchParams(before);
      after.set('tab', value);
      return after;
    });
  };
  const notice = useTimedMessage();
  const done = (text: string) => notice.show({ tone: 'success', text });
  return (
    <section>
      <PageHeader title="Sync Management" />
      <MessageRegion message={notice.message} />
      <Tabs.Root value={current} onValueChange={choose}>
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
