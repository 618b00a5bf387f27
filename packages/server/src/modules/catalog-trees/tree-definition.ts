import type { ReferenceListDef } from '@zaplecze/contract';
import type { TreeMessages } from './messages.pl';
import type { TreeKind } from './tree.repository';

/**
 * One tree (docs/rules/catalogue-and-orders-rules.md §2.10, §2.11, §7.1): categories and warehouse places are two
 * configurations of the same module, not two modules.
 */
export interface TreeDefinition extends Pick<ReferenceListDef, 'apiPath' | 'listKey' | 'editPermission' | 'row'> {
  kind: TreeKind;
  messages: TreeMessages;
}
