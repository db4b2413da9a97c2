import type { DraftForm } from './form-draft';
import type { ResourceNoun } from './resource-words';

/**
 * One of the admin's publishable resources (publications, obituaries, jobs) as both its list and its form name it:
 * what its rows are called and where its screens are. Each resource defines it once, beside its screens.
 */
export interface AdminResource {
  /** The list's heading and the table's caption ('Vagas de Emprego'). */
  title: string;
  /** What the rows are called: every word of the list and the form follows from it (resource-words.ts). */
  noun: ResourceNoun;
  /** The list, the create form (its 'Nova …' link) and a row's edit form. */
  paths: { list: () => string; newItem: () => string; edit: (id: string) => string };
  /** Whose drafts the form keeps (form-draft.ts). */
  draftForm: DraftForm;
}
